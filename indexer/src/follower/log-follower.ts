import { BlockHeader, ChainReader } from '../chain/chain-reader';
import { Logger } from '../chain/json-rpc';
import { WorkerLoop } from '../chain/worker-loop';
import { crashPoint } from '../crash-point';
import { Checkpoint, CheckpointStore } from './checkpoint-store';
import { bindTaskIds } from './escrow-key-binding';
import { FactDispatcher, ReadModels } from './fact-dispatcher';
import { RangeRead, readRange } from './range-read';

export interface FollowerOptions {
  chainId: number;
  escrow: string;
  startBlock: number;
  confirmations: number;
  batchBlocks: number;
  reorgDepth: number;
  pollMs: number;
}

/** A range being read ahead, and the checkpoint it follows (known before its read ends). */
interface RangeAhead {
  after: Checkpoint;
  read: Promise<RangeRead | null>;
}

/**
 * Follows the TaskEscrow logs from the deployment block up to `head - confirmations`, range by range.
 *
 * Exactly once: a range is ONE ApplyEscrowLogs command, and the transaction that appends its facts (every
 * task's events, each stream compare-and-set) also records its logs with their outcomes
 * (indexer_applied_logs), the block hashes relied on and the checkpoint (number + hash). A crash before
 * the commit leaves nothing of the range in effect and the restart re-reads it; after the commit the
 * checkpoint is past it. Every chain fact also carries the idempotency key (chain, tx, logIndex,
 * blockHash), so a log already in the store (a range read again after a rewind) is a no-op.
 *
 * Reorganisations: before every range the checkpoint block must still be canonical and the next block's
 * parent must be it. Otherwise the follower walks its recent block hashes back to the newest one still on
 * the chain (the common ancestor), compensates every fact from blocks no longer canonical (newest first:
 * RevertRewardReleased / RevertTaskChainFact), moves the checkpoint back and re-reads from there. The key
 * includes the block hash, so the same transaction re-included in another block is a new fact.
 *
 * Catching up, range N+1 is read from the chain while range N is applied; it is applied only as the range
 * after the checkpoint N committed and while its last block is still canonical (else it is read afresh), so
 * reading ahead changes when a range is read, never what is applied.
 */
export class LogFollower {
  private readonly loop: WorkerLoop;
  /** Every start (also after leadership was lost and regained) first reconciles unfinished ranges. */
  private resumed = false;
  /**
   * The read models catching up on the last two ranges committed, oldest first. The read-model pass of
   * range N overlaps reading AND applying range N+1 (the projections' batches and the range's append each
   * run on their own connection): range N+1 waits only until they show range N-1, so they are never more
   * than two ranges behind the checkpoint. That bound holds a backfill's lag (and its memory) in place; at
   * the head, and when stopping, the follower waits for both. The checkpoint does not depend on them: it
   * commits with the range's facts, and the read models have their own checkpoints (a crash replays from
   * there).
   */
  private readModelsBehind: Array<Promise<void>> = [];
  /** The next range, being read while the last one is applied (catching up only). */
  private ahead: RangeAhead | null = null;

  constructor(
    private readonly reader: ChainReader,
    private readonly store: CheckpointStore,
    private readonly dispatcher: FactDispatcher,
    private readonly readModels: ReadModels,
    private readonly opts: FollowerOptions,
    private readonly logger: Logger,
  ) {
    this.loop = new WorkerLoop('indexer step', logger, opts.pollMs, async () => {
      if (!this.resumed) {
        await this.resume();
        this.resumed = true;
      }
      return this.step();
    });
  }

  start(): void {
    this.resumed = false;
    this.ahead = null;
    this.loop.start();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
    this.ahead = null; // a read still running is dropped: it only reads
    await this.readModelsWithin(0);
  }

  /** Waits until the read models miss at most `ranges` of the ranges committed so far (0: they show all). */
  private async readModelsWithin(ranges: number): Promise<void> {
    while (this.readModelsBehind.length > ranges) await this.readModelsBehind.shift();
  }

  /**
   * After a restart, recorded logs above the checkpoint (left by an earlier version that recorded them
   * before applying, or by a rewind that kept their canonical blocks) are checked: those whose block is
   * still canonical are simply re-applied by the next step (no-ops where already applied); those whose
   * block was dropped meanwhile are compensated now.
   */
  async resume(): Promise<void> {
    const cp = await this.store.checkpoint();
    await this.rewindTo(cp);
  }

  /**
   * One range. Returns whether more is to be read at once: a range cut at `batchBlocks` (catching up), a
   * reorganisation or a chain that moved while being read. A range that reached the head returns false, so the
   * next one waits `pollMs`: under a steady stream of blocks (one a payout), stepping again at once read one or
   * two blocks a step, ~6 RPC calls and a database transaction each; waiting gathers a poll interval's blocks.
   */
  async step(): Promise<boolean> {
    const cp = await this.store.checkpoint();
    let range = await this.readAheadFor(cp);
    if (!range) {
      const head = await this.reader.headNumber();
      if (cp.hash !== null) {
        const still = await this.reader.block(cp.number);
        if (!still || still.hash !== cp.hash) {
          await this.handleReorg(cp);
          return true;
        }
      }
      const target = head - this.opts.confirmations;
      if (target <= cp.number) {
        await this.readModelsWithin(0);
        return false;
      }
      const read = await readRange(this.reader, this.opts, cp, target);
      if (read === 'reorg') {
        await this.handleReorg(cp);
        return true;
      }
      if (read === 'again') return true;
      range = read;
    }
    // Catching up, the next range's blocks and logs are read from the chain while this one is applied: the
    // RPC node, the decoding and PostgreSQL's work on this range overlap instead of taking turns.
    if (range.to < range.target) this.ahead = this.readAhead(range);
    const { to, toHeader, fromHeader } = range;
    const logs = await bindTaskIds(range.logs, (keys) => this.store.fundedTaskIds(keys), this.logger);
    const blocks = new Map<number, BlockHeader>([[fromHeader.number, fromHeader]]);
    for (const l of logs) {
      if (!blocks.has(l.fact.blockNumber)) blocks.set(l.fact.blockNumber, { number: l.fact.blockNumber, hash: l.fact.blockHash, parentHash: '' });
    }
    // The range before the last one must show in the read models; the last one's pass goes on meanwhile.
    await this.readModelsWithin(1);
    await this.dispatcher.apply(logs, async (m, outcomes) => {
      await this.store.commitRange(m, logs, outcomes, [...blocks.values()], toHeader, to - this.opts.reorgDepth);
      if (logs.length) crashPoint('follower:before-commit');
    });
    this.readModelsBehind.push(this.readModels.waitForOwnAppends());
    if (logs.length) crashPoint('follower:after-apply');
    return to < range.target;
  }

  /**
   * The range read ahead during the last step, if it follows this very checkpoint (the last range committed)
   * and its last block is still canonical (then so are the blocks it rests on). Otherwise null: the step reads
   * afresh, with the usual checks (a checkpoint no longer canonical is a reorganisation).
   */
  private async readAheadFor(cp: Checkpoint): Promise<RangeRead | null> {
    const ahead = this.ahead;
    this.ahead = null;
    // Another checkpoint (the last range failed, or a rewind): dropped without waiting for it.
    if (!ahead || ahead.after.number !== cp.number || ahead.after.hash !== cp.hash) return null;
    const range = await ahead.read;
    if (!range) return null;
    const still = await this.reader.block(range.to);
    return still?.hash === range.toHeader.hash ? range : null;
  }

  /** The range after `range`, as if it were committed; null when that read failed or found the chain moved. */
  private readAhead(range: RangeRead): RangeAhead {
    const after = { number: range.to, hash: range.toHeader.hash };
    const read = readRange(this.reader, this.opts, after, range.target).then(
      (r) => (typeof r === 'string' ? null : r),
      () => null, // the step that needs the range reads it again, and meets the fault itself
    );
    return { after, read };
  }

  /** The checkpoint is no longer canonical: find the newest recorded block that is, and rewind to it. */
  private async handleReorg(cp: Checkpoint): Promise<void> {
    let ancestor: Checkpoint | null = null;
    for (const b of await this.store.recentBlocks(cp.number)) {
      const onChain = await this.reader.block(b.number);
      if (onChain && onChain.hash === b.hash) {
        ancestor = b;
        break;
      }
    }
    // Deeper than the kept history: re-verify from the start (only non-canonical facts are compensated).
    ancestor ??= { number: this.opts.startBlock - 1, hash: null };
    this.logger.warn(`reorg detected at block ${cp.number} (${cp.hash}); common ancestor ${ancestor.number}`, {
      decision: 'reorg', blockNumber: cp.number, blockHash: cp.hash, ancestor: ancestor.number,
    });
    await this.rewindTo(ancestor);
  }

  private async rewindTo(ancestor: Checkpoint): Promise<void> {
    const rows = await this.store.logsAbove(ancestor.number);
    if (!rows.length && ancestor.hash !== null) {
      await this.store.rewound(ancestor, []);
      return;
    }
    const canonical = new Map<number, string | null>();
    for (const n of new Set(rows.map((r) => r.blockNumber))) canonical.set(n, (await this.reader.block(n))?.hash ?? null);
    const dropped = rows.filter((r) => canonical.get(r.blockNumber) !== r.blockHash);
    for (const row of dropped) await this.dispatcher.compensate(row);
    await this.store.rewound(ancestor, [...new Set(dropped.map((r) => r.blockHash))]);
  }
}
