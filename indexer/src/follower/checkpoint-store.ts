import { DataSource, EntityManager } from 'typeorm';
import { BlockHeader } from '../chain/chain-reader';
import { DecodedLog } from '../chain/escrow-logs';

export interface Checkpoint {
  number: number;
  /** null only before the first range (the block before the deployment block was never read). */
  hash: string | null;
}

export interface AppliedLogRow {
  blockNumber: number;
  blockHash: string;
  logIndex: number;
  txHash: string;
  event: string;
  /** null for a log bound to no task (an escrow key never funded, an undecodable log): always rejected. */
  taskId: string | null;
  submissionId: string | null;
  outcome: string | null;
}

export interface StoredBlock {
  number: number;
  hash: string;
}

/** The indexer's own tables (migration 1763700003000-indexer), for one source (chain id + escrow). */
export class CheckpointStore {
  constructor(private readonly db: DataSource, readonly source: string, private readonly startBlock: number) {}

  async checkpoint(): Promise<Checkpoint> {
    const rows: Array<{ block_number: string; block_hash: string | null }> = await this.db.query(
      `SELECT block_number, block_hash FROM indexer_checkpoints WHERE source = $1`,
      [this.source],
    );
    if (!rows.length) return { number: this.startBlock - 1, hash: null };
    return { number: Number(rows[0].block_number), hash: rows[0].block_hash };
  }

  /**
   * The task id each of these escrow keys was funded for, from the TaskFunded logs recorded so far (a
   * reorganisation deletes the rows of dropped blocks, so only canonical fundings answer).
   */
  async fundedTaskIds(keys: string[]): Promise<Map<string, string>> {
    const rows: Array<{ escrow_key: string; task_id: string }> = await this.db.query(
      `SELECT DISTINCT escrow_key, task_id::text FROM indexer_applied_logs
        WHERE source = $1 AND event = 'TaskFunded' AND escrow_key = ANY($2) AND task_id IS NOT NULL
          AND coalesce(outcome, '') NOT LIKE 'rejected: undecodable%'`,
      [this.source, keys],
    );
    return new Map(rows.map((r) => [r.escrow_key, r.task_id]));
  }

  /**
   * The range's logs with their outcomes, the block hashes relied on and the new checkpoint, written in
   * `m`: the transaction that appends the range's facts, so both commit or neither (a crash re-reads the
   * range and nothing of it is in effect). A log already recorded (a range read again after a
   * reorganisation kept its block) gets its new outcome. Blocks below the reorganisation depth are
   * forgotten (final).
   */
  async commitRange(
    m: EntityManager,
    logs: DecodedLog[],
    outcomes: string[],
    blocks: BlockHeader[],
    to: BlockHeader,
    keepFrom: number,
  ): Promise<void> {
    if (logs.length) {
      await m.query(
        `INSERT INTO indexer_applied_logs (source, block_number, block_hash, log_index, tx_hash, event, task_id, submission_id, escrow_key, outcome)
         SELECT $1, * FROM unnest($2::bigint[], $3::text[], $4::int[], $5::text[], $6::text[], $7::numeric[], $8::numeric[], $9::text[], $10::text[])
         ON CONFLICT (source, block_hash, log_index) DO UPDATE SET outcome = EXCLUDED.outcome`,
        [
          this.source,
          logs.map((l) => l.fact.blockNumber),
          logs.map((l) => l.fact.blockHash),
          logs.map((l) => l.fact.logIndex),
          logs.map((l) => l.fact.txHash),
          logs.map((l) => l.event),
          logs.map((l) => l.taskId),
          logs.map((l) => l.submissionId),
          logs.map((l) => l.key),
          outcomes,
        ],
      );
    }
    // Only the blocks kept: those below `keepFrom` would be deleted again by the statement after (a backfill's
    // range relies on a block per log, ~1,900 rows of which all but the last reorgDepth are final).
    const all = [...new Map([...blocks, to].filter((b) => b.number >= keepFrom).map((b) => [b.number, b])).values()];
    await m.query(
      `INSERT INTO indexer_blocks (source, number, hash, parent_hash)
       SELECT $1, * FROM unnest($2::bigint[], $3::text[], $4::text[])
       ON CONFLICT (source, number) DO UPDATE SET hash = EXCLUDED.hash, parent_hash = EXCLUDED.parent_hash`,
      [this.source, all.map((b) => b.number), all.map((b) => b.hash), all.map((b) => b.parentHash)],
    );
    await m.query(`DELETE FROM indexer_blocks WHERE source = $1 AND number < $2`, [this.source, keepFrom]);
    await this.setCheckpoint(m, { number: to.number, hash: to.hash });
  }

  private async setCheckpoint(m: EntityManager, cp: Checkpoint): Promise<void> {
    await m.query(
      `INSERT INTO indexer_checkpoints (source, block_number, block_hash, updated_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (source) DO UPDATE SET block_number = EXCLUDED.block_number, block_hash = EXCLUDED.block_hash, updated_at = now()`,
      [this.source, cp.number, cp.hash],
    );
  }

  /** Recent block hashes at or below `atOrBelow`, newest first (the walk back to the common ancestor). */
  async recentBlocks(atOrBelow: number): Promise<StoredBlock[]> {
    const rows: Array<{ number: string; hash: string }> = await this.db.query(
      `SELECT number, hash FROM indexer_blocks WHERE source = $1 AND number <= $2 ORDER BY number DESC`,
      [this.source, atOrBelow],
    );
    return rows.map((r) => ({ number: Number(r.number), hash: r.hash }));
  }

  /** Logs handed to the domain from blocks above `number`, newest first. */
  async logsAbove(number: number): Promise<AppliedLogRow[]> {
    const rows: Array<Record<string, string | null>> = await this.db.query(
      `SELECT block_number, block_hash, log_index, tx_hash, event, task_id::text, submission_id::text, outcome
         FROM indexer_applied_logs WHERE source = $1 AND block_number > $2
        ORDER BY block_number DESC, log_index DESC`,
      [this.source, number],
    );
    return rows.map((r) => ({
      blockNumber: Number(r.block_number),
      blockHash: r.block_hash!,
      logIndex: Number(r.log_index),
      txHash: r.tx_hash!,
      event: r.event!,
      taskId: r.task_id,
      submissionId: r.submission_id,
      outcome: r.outcome,
    }));
  }

  /** After compensating: forget the dropped blocks' logs and hashes and move the checkpoint back. */
  async rewound(ancestor: Checkpoint, droppedBlockHashes: string[]): Promise<void> {
    await this.db.transaction(async (m: EntityManager) => {
      if (droppedBlockHashes.length) {
        await m.query(`DELETE FROM indexer_applied_logs WHERE source = $1 AND block_hash = ANY($2)`, [this.source, droppedBlockHashes]);
      }
      await m.query(`DELETE FROM indexer_blocks WHERE source = $1 AND number > $2`, [this.source, ancestor.number]);
      await this.setCheckpoint(m, ancestor);
    });
  }
}
