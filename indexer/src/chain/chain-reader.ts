import { JsonRpc, toHex } from './json-rpc';

export interface BlockHeader {
  number: number;
  hash: string;
  parentHash: string;
}

export interface RawLog {
  address: string;
  topics: string[];
  data: string;
  blockNumber: string;
  blockHash: string;
  transactionHash: string;
  logIndex: string;
  removed?: boolean;
}

/** The reads the follower needs, each retried until it succeeds (never a skipped range). */
export class ChainReader {
  constructor(readonly rpc: JsonRpc) {}

  async headNumber(): Promise<number> {
    return Number(await this.rpc.call<string>('eth_blockNumber'));
  }

  /** The canonical block at `n`, or null when the chain is shorter (after a reorg to a shorter chain). */
  async block(n: number): Promise<BlockHeader | null> {
    const b = await this.rpc.call<{ number: string; hash: string; parentHash: string } | null>('eth_getBlockByNumber', [toHex(n), false]);
    return b ? { number: Number(b.number), hash: b.hash.toLowerCase(), parentHash: b.parentHash.toLowerCase() } : null;
  }

  async logs(address: string, from: number, to: number): Promise<RawLog[]> {
    return this.rpc.call<RawLog[]>('eth_getLogs', [{ address, fromBlock: toHex(from), toBlock: toHex(to) }]);
  }
}
