import { getAddress, type Filter, type Log, zeroPadValue } from 'ethers';
import { badRequest } from '../common/domain-error';
import { TRANSFER_TOPIC } from './explorer-abi';
import type { TransferItem, TransferPage } from './explorer.views';

/** Transfers a page holds at most. */
export const TRANSFERS_PER_PAGE = 25;
/** Windows of blocks one page may scan (a window is one eth_getLogs; its size is EXPLORER_LOG_WINDOW_BLOCKS). */
export const MAX_WINDOWS = 5;

/** A position in the chain's log order: block, then log index. A cursor means "strictly before this". */
interface Position {
  block: number;
  index: number;
}

const before = (a: Position, b: Position) => a.block < b.block || (a.block === b.block && a.index < b.index);

/** `before` from the query string ("block:logIndex"), or null for "from the head". A bad one is a 400. */
export function parseCursor(raw: unknown): Position | null {
  if (raw === undefined || raw === '') return null;
  const m = typeof raw === 'string' ? /^(\d{1,15}):(\d{1,9})$/.exec(raw) : null;
  if (!m) throw badRequest('Invalid cursor');
  return { block: Number(m[1]), index: Number(m[2]) };
}

export interface TransferQuery {
  token: string;
  /** Only transfers from or to this address; null for every transfer of the token. */
  address: string | null;
  /** The token's first block (nothing older is scanned). */
  startBlock: number;
  head: number;
  cursor: Position | null;
  /** Blocks one eth_getLogs asks for (public RPCs refuse wide ranges). */
  windowBlocks: number;
  getLogs: (filter: Filter) => Promise<Log[]>;
}

/**
 * One page of CENT transfers, newest first, read from the chain with bounded eth_getLogs calls: windows of
 * `windowBlocks` scanned backwards from the cursor, at most MAX_WINDOWS per page, so no request ever scans the
 * whole history. A page may come back with fewer items than TRANSFERS_PER_PAGE (even none) and a `next`
 * cursor: the scan stopped at its window budget, and the next page goes on from there.
 */
export async function transferPage(q: TransferQuery): Promise<TransferPage> {
  const limit: Position = q.cursor ?? { block: q.head + 1, index: 0 };
  let hi = Math.min(limit.index === 0 ? limit.block - 1 : limit.block, q.head);
  const toBlock = hi;
  const found: TransferItem[] = [];
  for (let w = 0; w < MAX_WINDOWS && hi >= q.startBlock && found.length <= TRANSFERS_PER_PAGE; w++) {
    const lo = Math.max(q.startBlock, hi - q.windowBlocks + 1);
    for (const l of await windowLogs(q, lo, hi)) {
      // A log that is not a well-formed Transfer (3 topics, one word of data) is left out, never a failed page.
      if (l.topics.length === 3 && l.data.length === 66 && before({ block: l.blockNumber, index: l.index }, limit)) found.push(itemOf(l));
    }
    hi = lo - 1;
  }
  found.sort((a, b) => b.blockNumber - a.blockNumber || b.logIndex - a.logIndex);
  const scanned = { fromBlock: hi + 1, toBlock };
  if (found.length > TRANSFERS_PER_PAGE) {
    const items = found.slice(0, TRANSFERS_PER_PAGE);
    const last = items[items.length - 1];
    return { items, next: `${last.blockNumber}:${last.logIndex}`, scanned };
  }
  return { items: found, next: hi >= q.startBlock ? `${hi + 1}:0` : null, scanned };
}

async function windowLogs(q: TransferQuery, fromBlock: number, toBlock: number): Promise<Log[]> {
  const range = { address: q.token, fromBlock, toBlock };
  if (!q.address) return q.getLogs({ ...range, topics: [TRANSFER_TOPIC] });
  const who = zeroPadValue(q.address, 32);
  const [out, into] = await Promise.all([
    q.getLogs({ ...range, topics: [TRANSFER_TOPIC, who] }),
    q.getLogs({ ...range, topics: [TRANSFER_TOPIC, null, who] }),
  ]);
  // A transfer to oneself is in both answers: once is enough.
  const seen = new Set(out.map((l) => `${l.blockNumber}:${l.index}`));
  return [...out, ...into.filter((l) => !seen.has(`${l.blockNumber}:${l.index}`))];
}

function itemOf(l: Log): TransferItem {
  return {
    txHash: l.transactionHash,
    blockNumber: l.blockNumber,
    logIndex: l.index,
    from: getAddress(`0x${l.topics[1].slice(26)}`),
    to: getAddress(`0x${l.topics[2].slice(26)}`),
    amount: BigInt(l.data).toString(),
  };
}
