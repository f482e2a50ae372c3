import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { ArgValue, KnownContract } from './explorer-abi';

/**
 * The JSON of GET /api/explorer/...: one home for these shapes, in the OpenAPI document through the
 * decorators (the frontend's types are generated from it: npm run api:types).
 */
const KNOWN_CONTRACTS: KnownContract[] = ['CentToken', 'TaskEscrow'];

export class DecodedArg {
  @ApiProperty() name!: string;
  @ApiProperty() type!: string;
  @ApiProperty({
    description: 'A decoded value: integers as decimal strings (never floats), addresses checksummed, bytes as hex; arrays and tuples of these',
    oneOf: [{ type: 'string' }, { type: 'boolean' }, { type: 'array', items: {} }, { type: 'object', additionalProperties: true }],
  })
  value!: ArgValue;
  @ApiPropertyOptional({ enum: ['CENT'], description: 'CENT: an amount of CENT in base units (18 decimals)' }) unit?: 'CENT';
}

export class DecodedCall {
  @ApiProperty({ enum: KNOWN_CONTRACTS }) contract!: KnownContract;
  @ApiProperty() name!: string;
  @ApiProperty({ description: 'e.g. fund(uint256,uint128,uint32,uint64)' }) signature!: string;
  @ApiProperty() selector!: string;
  @ApiProperty({ type: [DecodedArg] }) args!: DecodedArg[];
}

export class DecodedEvent {
  @ApiProperty({ enum: KNOWN_CONTRACTS }) contract!: KnownContract;
  @ApiProperty() name!: string;
  @ApiProperty() signature!: string;
  @ApiProperty({ type: [DecodedArg] }) args!: DecodedArg[];
}

export class ExplorerLogView {
  @ApiProperty() index!: number;
  @ApiProperty() address!: string;
  @ApiProperty({ enum: KNOWN_CONTRACTS, nullable: true }) contract!: KnownContract | null;
  @ApiProperty({ type: DecodedEvent, nullable: true }) event!: DecodedEvent | null;
  @ApiProperty({ type: [String] }) topics!: string[];
  @ApiProperty() data!: string;
}

export class ExplorerTxView {
  @ApiProperty() hash!: string;
  @ApiProperty({ enum: ['pending', 'success', 'reverted'] }) status!: 'pending' | 'success' | 'reverted';
  @ApiProperty({ nullable: true, type: Number }) blockNumber!: number | null;
  @ApiProperty({ nullable: true, type: String }) blockHash!: string | null;
  @ApiProperty({ nullable: true, type: String }) timestamp!: string | null;
  @ApiProperty() confirmations!: number;
  @ApiProperty() from!: string;
  @ApiProperty({ nullable: true, type: String }) to!: string | null;
  @ApiProperty({ enum: KNOWN_CONTRACTS, nullable: true }) toContract!: KnownContract | null;
  @ApiProperty({ nullable: true, type: String }) createdContract!: string | null;
  @ApiProperty({ description: 'Native currency (wei), decimal string' }) value!: string;
  @ApiProperty() nonce!: number;
  @ApiProperty() gasLimit!: string;
  @ApiProperty({ nullable: true, type: String }) gasUsed!: string | null;
  @ApiProperty({ nullable: true, type: String }) effectiveGasPrice!: string | null;
  @ApiProperty({ nullable: true, type: String }) fee!: string | null;
  @ApiProperty() input!: string;
  @ApiProperty() inputTruncated!: boolean;
  @ApiProperty({ type: DecodedCall, nullable: true }) call!: DecodedCall | null;
  @ApiProperty({ type: [ExplorerLogView] }) logs!: ExplorerLogView[];
}

export class ExplorerBlockTx {
  @ApiProperty() hash!: string;
  @ApiProperty() from!: string;
  @ApiProperty({ nullable: true, type: String }) to!: string | null;
  @ApiProperty({ enum: KNOWN_CONTRACTS, nullable: true }) toContract!: KnownContract | null;
  @ApiProperty({ nullable: true, type: String, description: "The decoded function's name, else the 4-byte selector, else null (a plain transfer)" })
  method!: string | null;
  @ApiProperty() value!: string;
}

export class ExplorerBlockView {
  @ApiProperty() number!: number;
  @ApiProperty() hash!: string;
  @ApiProperty() parentHash!: string;
  @ApiProperty() timestamp!: string;
  @ApiProperty() miner!: string;
  @ApiProperty() gasUsed!: string;
  @ApiProperty() gasLimit!: string;
  @ApiProperty({ nullable: true, type: String }) baseFeePerGas!: string | null;
  @ApiProperty() confirmations!: number;
  @ApiProperty() transactionCount!: number;
  @ApiProperty({ type: [ExplorerBlockTx] }) transactions!: ExplorerBlockTx[];
}

export class VerifiedSourceView {
  @ApiProperty() contractName!: string;
  @ApiProperty() sourceName!: string;
  @ApiProperty() compilerVersion!: string;
}

export class ExplorerAddressView {
  @ApiProperty() address!: string;
  @ApiProperty({ enum: [...KNOWN_CONTRACTS, 'contract', 'account'] }) kind!: KnownContract | 'contract' | 'account';
  @ApiProperty({ nullable: true, type: String, description: 'CENT base units held (null when no CENT token is configured)' }) centBalance!: string | null;
  @ApiProperty() nativeBalance!: string;
  @ApiProperty() transactionCount!: number;
  @ApiProperty({ type: VerifiedSourceView, nullable: true }) verifiedSource!: VerifiedSourceView | null;
  @ApiProperty() head!: number;
}

export class ExplorerTokenView {
  @ApiProperty() address!: string;
  @ApiProperty() name!: string;
  @ApiProperty() symbol!: string;
  @ApiProperty() decimals!: number;
  @ApiProperty() totalSupply!: string;
  @ApiProperty() deploymentBlock!: number;
  @ApiProperty() head!: number;
}

export class LatestBlockView {
  @ApiProperty() number!: number;
  @ApiProperty() hash!: string;
  @ApiProperty() timestamp!: string;
  @ApiProperty() transactionCount!: number;
}

export class ExplorerLatestView {
  @ApiProperty() chainId!: number;
  @ApiProperty() head!: number;
  @ApiProperty({ nullable: true, type: String }) token!: string | null;
  @ApiProperty({ nullable: true, type: String }) escrow!: string | null;
  @ApiProperty({ type: [LatestBlockView] }) blocks!: LatestBlockView[];
}

export class TransferItem {
  @ApiProperty() txHash!: string;
  @ApiProperty() blockNumber!: number;
  @ApiProperty() logIndex!: number;
  @ApiProperty() from!: string;
  @ApiProperty() to!: string;
  @ApiProperty({ description: 'CENT base units' }) amount!: string;
}

export class ScannedBlocksView {
  @ApiProperty() fromBlock!: number;
  @ApiProperty() toBlock!: number;
}

export class TransferPage {
  @ApiProperty({ type: [TransferItem] }) items!: TransferItem[];
  @ApiProperty({ nullable: true, type: String, description: "Pass as `before` for the next (older) page; null at the token's first block" }) next!: string | null;
  @ApiProperty({ type: ScannedBlocksView, description: 'The blocks this page looked at (toBlock down to fromBlock)' }) scanned!: ScannedBlocksView;
}

export class StandardJsonInputView {
  @ApiProperty() language!: string;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'object', properties: { content: { type: 'string' } }, required: ['content'] } })
  sources!: Record<string, { content: string }>;
  @ApiProperty({ type: 'object', additionalProperties: true }) settings!: Record<string, unknown>;
}

export class ContractSourceView extends VerifiedSourceView {
  @ApiProperty() address!: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) settings!: Record<string, unknown>;
  @ApiProperty({ type: StandardJsonInputView, description: 'The standard-JSON input the compiler was given' }) input!: StandardJsonInputView;
}

export class ContractVerificationLine {
  @ApiProperty() contract!: string;
  @ApiProperty() address!: string;
  @ApiProperty() chainId!: number;
  @ApiProperty() compilerVersion!: string;
  @ApiProperty({ enum: ['match', 'mismatch', 'no code'] }) status!: 'match' | 'mismatch' | 'no code';
  @ApiProperty({ nullable: true, type: String }) detail!: string | null;
}

export class DeploymentVerificationView {
  @ApiProperty({ enum: ['checking', 'done', 'unavailable'], description: 'checking: it runs now (ask again); done: it answered; unavailable: it could not check' })
  state!: 'checking' | 'done' | 'unavailable';
  @ApiProperty({ enum: ['match', 'mismatch'], nullable: true, description: 'match only when every recorded contract matches' }) result!: 'match' | 'mismatch' | null;
  @ApiProperty() command!: string;
  @ApiProperty({ nullable: true, type: Number }) exitCode!: number | null;
  @ApiProperty({ type: [ContractVerificationLine] }) contracts!: ContractVerificationLine[];
  @ApiProperty({ nullable: true, type: String, description: 'Why it could not check (no record, chain unreachable, compiler missing, timeout)' }) message!: string | null;
  @ApiProperty({ description: "The command's last output, as printed" }) output!: string;
  @ApiProperty({ nullable: true, type: String }) checkedAt!: string | null;
}
