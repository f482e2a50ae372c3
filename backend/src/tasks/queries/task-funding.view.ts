import { ApiProperty } from '@nestjs/swagger';
import { escrowKey } from '../domain/escrow-key';
import { isStrangerEscrow } from '../../escrow/escrow-differences';
import { FundingStatus } from '../domain/task.constants';
import { taskEscrowTerms } from '../domain/task-escrow-terms';

/**
 * Strangers' escrows (foreign_funder, stranger_escrow) a task row lists one by one; the others are only
 * counted (`tasks.stranger_escrows_unlisted`). Anyone can create them by the hundred for 1 base unit each.
 */
export const MAX_LISTED_STRANGER_ESCROWS = 10;
/** Anomalies one funding object shows at most (the rest are counted in `moreAnomalies`). */
export const MAX_SHOWN_ANOMALIES = 10;
/** Strangers' escrows an admin's funding object names (the rest are counted). */
export const MAX_SHOWN_STRANGER_ESCROWS = 5;

/** One anomaly as the `tasks.anomalies` column keeps it (written by TasksProjection). */
export interface StoredAnomaly {
  /** creator: a funding anomaly (the creator and admins see it); admin: a payout anomaly or a stranger's escrow (admins only). */
  audience: 'creator' | 'admin';
  kind: string;
  reason: string;
  txHash: string;
  logIndex: number;
  recovery: string | null;
  key: string | null;
  submissionId: number | null;
  /** Its stray escrow was refunded: nothing left to recover. */
  resolved: boolean;
}

export class FundingAnomalyView {
  @ApiProperty({
    description:
      'foreign_funder | wrong_terms | duplicate_funding (fundings, creator and admins); stranger_escrow (admins, in strangerEscrows); unknown_submission | not_approved | ' +
      'wrong_recipient | wrong_amount | wrong_escrow | paid_twice (releases, admins only)',
  })
  kind!: string;
  @ApiProperty({ description: 'What differs from what the app decided, in plain words' }) reason!: string;
  @ApiProperty() txHash!: string;
  @ApiProperty({ description: 'What to do about it' }) recovery!: string;
}

export class FundArgsView {
  @ApiProperty({ description: 'chainTaskId (decimal string)' }) taskId!: string;
  @ApiProperty({ description: 'Reward per payout in base units (decimal string)' }) reward!: string;
  @ApiProperty({ description: 'Decimal string' }) maxCompletions!: string;
  @ApiProperty({ description: 'The task deadline in unix seconds (decimal string)' }) deadline!: string;
}

export class StrangerEscrowsView {
  @ApiProperty({ description: "How many strangers' escrows this task id has (each refundable only by its funder)" }) count!: number;
  @ApiProperty({ type: [FundingAnomalyView], description: `The first ${MAX_SHOWN_STRANGER_ESCROWS}` }) first!: FundingAnomalyView[];
}

/** Everything a wallet needs to fund the task, and what the app believes about its escrow. */
export class TaskFundingView {
  @ApiProperty({ enum: ['awaiting_funding', 'funded', 'anomaly', 'refunded'] }) status!: FundingStatus;
  @ApiProperty() chainId!: number;
  @ApiProperty({ nullable: true, type: String }) tokenAddress!: string | null;
  @ApiProperty({ nullable: true, type: String }) escrowAddress!: string | null;
  @ApiProperty({ nullable: true, type: String, description: "The creator's linked wallet: the only wallet whose funding counts" })
  funder!: string | null;
  @ApiProperty({ enum: ['fund'] }) method!: 'fund';
  @ApiProperty({ type: FundArgsView }) args!: FundArgsView;
  @ApiProperty({ description: 'reward x maxCompletions in base units (decimal string)' }) amount!: string;
  @ApiProperty({ nullable: true, type: String, description: 'escrowKey(funder, args...): the escrow the payout worker releases from' })
  escrowKey!: string | null;
  @ApiProperty({ format: 'date-time', description: 'Approvals are accepted until then' }) reviewUntil!: string;
  @ApiProperty({ format: 'date-time', description: 'From then on the funder can refund (deadline + reviewWindow + 1 s)' })
  refundableAt!: string;
  @ApiProperty({
    type: [FundingAnomalyView],
    description: `Only for the creator (funding anomalies) and admins (all); [] for others. At most ${MAX_SHOWN_ANOMALIES}; strangers' escrows on a funded task are never here`,
  })
  anomalies!: FundingAnomalyView[];
  @ApiProperty({ description: 'Anomalies this viewer could see beyond the ones shown' }) moreAnomalies!: number;
  @ApiProperty({
    type: StrangerEscrowsView, nullable: true,
    description: "Admins only, when there are any (null otherwise): other wallets' escrows of this task id while it counts as funded — information, never a difference",
  })
  strangerEscrows!: StrangerEscrowsView | null;
}

/** The columns of `tasks` (and the creator's wallet) the funding object is made of. */
export interface FundingRow {
  id: number;
  creatorId: number;
  reward: number;
  maxCompletions: number;
  deadline: Date | string;
  fundingStatus: string;
  escrowAmount: string;
  chainId: number;
  escrowKey: string | null;
  funder: string | null;
  creatorWallet: string | null;
  reviewUntil: Date | string;
  refundableAt: Date | string;
  anomalies: StoredAnomaly[];
  /** Strangers' escrows counted but not listed in `anomalies` (tasks.stranger_escrows_unlisted). */
  strangerEscrowsUnlisted: number;
}

export interface FundingContext {
  tokenAddress: string | null;
  escrowAddress: string | null;
  viewer: { id: number; isAdmin: boolean } | undefined;
}

const iso = (d: Date | string) => new Date(d).toISOString();

export function fundingOf(row: FundingRow, ctx: FundingContext): TaskFundingView {
  const terms = taskEscrowTerms(row.id, row.reward, row.maxCompletions, row.deadline);
  const status = (row.fundingStatus === 'funding_anomaly' ? 'anomaly' : row.fundingStatus) as FundingStatus;
  // Funded (or refunded): the escrow that counted. Otherwise the one the creator's wallet would create.
  const funder = row.escrowKey ? row.funder : row.creatorWallet;
  const key = row.escrowKey ?? (funder ? escrowKey(funder, terms) : null);
  const v = ctx.viewer;
  const seesFunding = !!v && (v.isAdmin || v.id === row.creatorId);
  const view = (a: StoredAnomaly): FundingAnomalyView => ({ kind: a.kind, reason: a.reason, txHash: a.txHash, recovery: a.recovery ?? '' });
  const open = (row.anomalies ?? []).filter((a) => !a.resolved && seesFunding);
  // Strangers' escrows on a funded task say nothing about it: counted for admins, never shown to the creator.
  const strangers = open.filter((a) => isStrangerEscrow(a, status));
  const visible = open.filter((a) => !isStrangerEscrow(a, status) && (a.audience === 'creator' || v!.isAdmin));
  const unlisted = Number(row.strangerEscrowsUnlisted ?? 0);
  const settled = status === 'funded' || status === 'refunded';
  return {
    status,
    chainId: row.chainId,
    tokenAddress: ctx.tokenAddress,
    escrowAddress: ctx.escrowAddress,
    funder,
    method: 'fund',
    args: {
      taskId: terms.taskId.toString(),
      reward: terms.reward.toString(),
      maxCompletions: terms.maxCompletions.toString(),
      deadline: terms.deadline.toString(),
    },
    amount: row.escrowAmount,
    escrowKey: key,
    reviewUntil: iso(row.reviewUntil),
    refundableAt: iso(row.refundableAt),
    anomalies: visible.slice(0, MAX_SHOWN_ANOMALIES).map(view),
    // Before the task is funded the unlisted strangers' escrows are foreign fundings the creator sees: counted here.
    moreAnomalies: Math.max(0, visible.length - MAX_SHOWN_ANOMALIES) + (seesFunding && !settled ? unlisted : 0),
    strangerEscrows: v?.isAdmin && settled && strangers.length + unlisted > 0
      ? { count: strangers.length + unlisted, first: strangers.slice(0, MAX_SHOWN_STRANGER_ESCROWS).map(view) }
      : null,
  };
}
