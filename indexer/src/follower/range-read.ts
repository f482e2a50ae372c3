import { BlockHeader, ChainReader } from '../chain/chain-reader';
import { DecodedLog, decodeEscrowLog } from '../chain/escrow-logs';
import { Checkpoint } from './checkpoint-store';

/**
 * The escrow's logs of one range of blocks right after a checkpoint, read consistently: every log from the
 * fork whose headers were read, in (block, logIndex) order, not yet bound to task ids (that needs the store
 * as of the range's apply, see bindTaskIds).
 */
export interface RangeRead {
  /** The checkpoint the range follows: its first block's parent is `after.hash`. */
  after: Checkpoint;
  from: number;
  to: number;
  /** The last block the follower may read now (`head - confirmations` when the range was planned). */
  target: number;
  fromHeader: BlockHeader;
  toHeader: BlockHeader;
  logs: DecodedLog[];
}

/**
 * 'reorg': the range's first block does not follow `after` (the checkpoint is no longer canonical).
 * 'again': the chain moved while being read (shorter, or reorganised between the reads): read again.
 */
export type RangeReadResult = RangeRead | 'reorg' | 'again';

export interface RangeBounds {
  chainId: number;
  escrow: string;
  batchBlocks: number;
}

/** Reads the range after `after`, up to `batchBlocks` blocks and never past `target`. */
export async function readRange(reader: ChainReader, bounds: RangeBounds, after: Checkpoint, target: number): Promise<RangeReadResult> {
  const from = after.number + 1;
  const to = Math.min(target, after.number + bounds.batchBlocks);
  const toHeader = await reader.block(to);
  const fromHeader = from === to ? toHeader : await reader.block(from);
  if (!toHeader || !fromHeader) return 'again'; // the chain got shorter meanwhile: look again
  if (after.hash !== null && fromHeader.parentHash !== after.hash) return 'reorg';
  const raw = await reader.logs(bounds.escrow, from, to);
  const toAgain = await reader.block(to);
  if (!toAgain || toAgain.hash !== toHeader.hash) return 'again'; // reorganised while reading: read again
  const logs: DecodedLog[] = [];
  for (const r of raw) {
    if (r.removed) continue;
    const d = decodeEscrowLog(r, bounds.chainId);
    if (!d) continue;
    if ((d.fact.blockNumber === to && d.fact.blockHash !== toHeader.hash) || (d.fact.blockNumber === from && d.fact.blockHash !== fromHeader.hash)) {
      return 'again'; // a log from another fork than the headers: read again
    }
    logs.push(d);
  }
  logs.sort((a, b) => a.fact.blockNumber - b.fact.blockNumber || a.fact.logIndex - b.fact.logIndex);
  return { after, from, to, target, fromHeader, toHeader, logs };
}
