import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** pending: requested or sent; confirmed: included in a block; final: past the confirmation depth. */
export type Finality = 'pending' | 'confirmed' | 'final';

export class EscrowOnChainView {
  @ApiProperty({ description: 'false when the escrow has never seen this task id' }) funded!: boolean;
  @ApiProperty({ nullable: true, type: String }) creator!: string | null;
  @ApiPropertyOptional({ nullable: true, type: String }) creatorUrl!: string | null;
  @ApiProperty({ description: 'Base units (18 decimals), decimal string' }) reward!: string;
  @ApiProperty() maxCompletions!: number;
  @ApiProperty() paidCount!: number;
  @ApiProperty({
    description: 'Payouts the escrow can still make (maxCompletions - paidCount; 0 once refunded). Releases the app did not ' +
      'request use them too: the app refuses submissions and approvals beyond them.',
  })
  payoutsLeft!: number;
  @ApiProperty({ nullable: true, type: String }) deadline!: string | null;
  @ApiProperty() refunded!: boolean;
  @ApiProperty({ description: 'Base units still held for this task' }) remaining!: string;
  @ApiProperty({ nullable: true, type: String, description: 'When the creator may refund' }) refundableAt!: string | null;
}

export class EscrowAnomalyView {
  @ApiProperty() kind!: string;
  @ApiProperty() reason!: string;
  @ApiProperty() txHash!: string;
}

export class EscrowAppView {
  @ApiProperty({ enum: ['awaiting_funding', 'funded', 'anomaly', 'refunded'] }) fundingStatus!: string;
  @ApiProperty() escrowAmount!: string;
  @ApiProperty() releasedAmount!: string;
  @ApiProperty() refundedAmount!: string;
  @ApiProperty() paidCount!: number;
  @ApiProperty({ type: [EscrowAnomalyView], description: "Unresolved funding and payout anomalies (at most 10; strangers' escrows on a funded task are only counted)" })
  anomalies!: EscrowAnomalyView[];
  @ApiProperty({ description: "Strangers' escrows of this task id while it counts as funded: information, never a difference" }) strangerEscrows!: number;
}

export class EscrowEventView {
  @ApiProperty({ enum: ['TaskFunded', 'RewardReleased', 'TaskRefunded'] }) type!: string;
  @ApiProperty() txHash!: string;
  @ApiProperty({ nullable: true, type: String }) txUrl!: string | null;
  @ApiProperty() blockNumber!: number;
  @ApiProperty() logIndex!: number;
  @ApiProperty({ description: 'Base units' }) amount!: string;
  /** uint256 on chain: a decimal string (a stranger's release may name any id, past what a JS number holds). */
  @ApiPropertyOptional({ description: 'Decimal string (uint256)' }) submissionId?: string;
  @ApiPropertyOptional() recipient?: string;
  @ApiPropertyOptional({ nullable: true, type: String }) recipientUrl?: string | null;
  @ApiProperty() confirmations!: number;
  @ApiProperty({ enum: ['confirmed', 'final'] }) finality!: Finality;
  @ApiProperty({ description: 'Whether the app has recorded this fact (indexer)' }) indexed!: boolean;
}

export class EscrowPayoutView {
  @ApiProperty() submissionId!: number;
  @ApiProperty() userId!: number;
  @ApiProperty({ nullable: true, type: String, enum: ['requested', 'sent', 'released', 'failed'] }) payoutStatus!: string | null;
  @ApiProperty({ nullable: true, type: String, enum: ['pending', 'confirmed', 'final', 'failed'] }) state!: Finality | 'failed' | null;
  @ApiProperty({ nullable: true, type: String }) txHash!: string | null;
  @ApiProperty({ nullable: true, type: String }) txUrl!: string | null;
  @ApiProperty({ nullable: true, type: Number }) blockNumber!: number | null;
  @ApiProperty({ nullable: true, type: String }) error!: string | null;
}

export class EscrowAuditView {
  @ApiProperty() taskId!: number;
  @ApiProperty() chainId!: number;
  @ApiProperty() escrowAddress!: string;
  @ApiProperty({ nullable: true, type: String }) escrowUrl!: string | null;
  @ApiProperty({ nullable: true, type: String }) tokenAddress!: string | null;
  @ApiProperty({ nullable: true, type: Number }) headBlock!: number | null;
  @ApiProperty() confirmationsRequired!: number;
  @ApiProperty({ type: EscrowOnChainView, nullable: true }) onChain!: EscrowOnChainView | null;
  @ApiProperty({
    nullable: true, type: String,
    description: 'Why the chain could not be read: "Chain unreachable, last block seen N at T" when it did not answer within CHAIN_TIMEOUT_MS',
  })
  chainError!: string | null;
  @ApiProperty({ nullable: true, type: Number, description: "The chain's head now, or when unreachable the last one seen (by this server, or applied by the indexer)" })
  lastBlockSeen!: number | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time', description: 'When lastBlockSeen was seen' })
  lastBlockSeenAt!: string | null;
  @ApiProperty({ type: EscrowAppView }) app!: EscrowAppView;
  @ApiProperty({ description: 'No difference: the escrow (funded, terms, paid count, remaining, refunded) and every release agree with the app, and no anomaly is open' })
  consistent!: boolean;
  @ApiProperty({ type: [String], description: 'Every difference and anomaly, in plain words (the rule of npm run audit)' }) differences!: string[];
  @ApiProperty({ type: [EscrowEventView], description: "The task's escrow's logs and the first 10 other fundings of its id" }) events!: EscrowEventView[];
  @ApiPropertyOptional({ description: 'Fundings of this task id by other escrows (strangers, other terms), listed or not' }) otherFundings?: number;
  @ApiProperty({ type: [EscrowPayoutView] }) payouts!: EscrowPayoutView[];
}
