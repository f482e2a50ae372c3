/** JSON of GET /api/explorer/... (backend/src/explorer/explorer.service.ts and friends). */
export type KnownContract = 'CentToken' | 'TaskEscrow';
export type ArgValue = string | boolean | ArgValue[] | { [name: string]: ArgValue };

export interface DecodedArg {
  name: string;
  type: string;
  value: ArgValue;
  unit?: 'CENT';
}

export interface DecodedCall {
  contract: KnownContract;
  name: string;
  signature: string;
  selector: string;
  args: DecodedArg[];
}

export interface DecodedEvent {
  contract: KnownContract;
  name: string;
  signature: string;
  args: DecodedArg[];
}

export interface ExplorerLog {
  index: number;
  address: string;
  contract: KnownContract | null;
  event: DecodedEvent | null;
  topics: string[];
  data: string;
}

export interface ExplorerTx {
  hash: string;
  status: 'pending' | 'success' | 'reverted';
  blockNumber: number | null;
  blockHash: string | null;
  timestamp: string | null;
  confirmations: number;
  from: string;
  to: string | null;
  toContract: KnownContract | null;
  createdContract: string | null;
  value: string;
  nonce: number;
  gasLimit: string;
  gasUsed: string | null;
  effectiveGasPrice: string | null;
  fee: string | null;
  input: string;
  inputTruncated: boolean;
  call: DecodedCall | null;
  logs: ExplorerLog[];
}

export interface ExplorerBlock {
  number: number;
  hash: string;
  parentHash: string;
  timestamp: string;
  miner: string;
  gasUsed: string;
  gasLimit: string;
  baseFeePerGas: string | null;
  confirmations: number;
  transactionCount: number;
  transactions: Array<{ hash: string; from: string; to: string | null; toContract: KnownContract | null; method: string | null; value: string }>;
}

export interface ExplorerAddress {
  address: string;
  kind: KnownContract | 'contract' | 'account';
  centBalance: string | null;
  nativeBalance: string;
  transactionCount: number;
  verifiedSource: { contractName: string; sourceName: string; compilerVersion: string } | null;
  head: number;
}

export interface ExplorerToken {
  address: string;
  name: string;
  symbol: string;
  decimals: number;
  totalSupply: string;
  deploymentBlock: number;
  head: number;
}

export interface ExplorerLatest {
  chainId: number;
  head: number;
  token: string | null;
  escrow: string | null;
  blocks: Array<{ number: number; hash: string; timestamp: string; transactionCount: number }>;
}

export interface Transfer {
  txHash: string;
  blockNumber: number;
  logIndex: number;
  from: string;
  to: string;
  amount: string;
}

export interface TransferPage {
  items: Transfer[];
  next: string | null;
  scanned: { fromBlock: number; toBlock: number };
}

export interface ContractSource {
  address: string;
  contractName: string;
  sourceName: string;
  compilerVersion: string;
  settings: Record<string, unknown>;
  input: { language: string; sources: Record<string, { content: string }>; settings: Record<string, unknown> };
}

export interface DeploymentVerification {
  state: 'checking' | 'done' | 'unavailable';
  result: 'match' | 'mismatch' | null;
  command: string;
  exitCode: number | null;
  contracts: Array<{ contract: string; address: string; chainId: number; compilerVersion: string; status: 'match' | 'mismatch' | 'no code'; detail: string | null }>;
  message: string | null;
  output: string;
  checkedAt: string | null;
}
