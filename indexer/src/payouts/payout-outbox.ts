import { DataSource, EntityManager } from 'typeorm';
import { Fees } from './fee-policy';
import { ReleaseRequest } from './release-call';

/**
 * signed: may still be mined · mined: in a block (status 1) · reverted: in a block, status 0 ·
 * superseded: another attempt of its nonce was mined · dropped: its nonce was used by another transaction.
 */
export type PayoutTxStatus = 'signed' | 'mined' | 'reverted' | 'superseded' | 'dropped';

/** One signed transaction (an attempt: a fee-bumped replacement is another attempt of the same nonce). */
export interface PayoutTx extends ReleaseRequest {
  id: number;
  nonce: number;
  txHash: string;
  rawTx: string;
  status: PayoutTxStatus;
  fees: Fees | null;
  /** The head when it was signed (or reopened after a reorganisation): "left out of N blocks" counts from here. */
  signedAtBlock: number | null;
  absentObservations: number;
}

/** The attempts of one nonce still open (status 'signed'): all carry the same payload. */
export interface NonceGroup extends ReleaseRequest {
  nonce: number;
  /** Oldest first; the last one has the highest fees. */
  attempts: PayoutTx[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- an SQL row as the driver returns it, its columns read by name
function toTx(r: Record<string, any>): PayoutTx {
  const fees: Fees | null =
    r.max_fee_per_gas !== null && r.max_fee_per_gas !== undefined
      ? { type: 2, maxFeePerGas: BigInt(r.max_fee_per_gas), maxPriorityFeePerGas: BigInt(r.max_priority_fee_per_gas) }
      : r.gas_price !== null && r.gas_price !== undefined
        ? { type: 0, gasPrice: BigInt(r.gas_price) }
        : null;
  return {
    id: Number(r.id),
    nonce: Number(r.nonce),
    taskId: r.task_id,
    key: r.escrow_key,
    submissionIds: r.submission_ids,
    recipients: r.recipients,
    txHash: r.tx_hash,
    rawTx: r.raw_tx,
    status: r.status,
    fees,
    signedAtBlock: r.signed_at_block === null || r.signed_at_block === undefined ? null : Number(r.signed_at_block),
    absentObservations: r.absent_observations ?? 0,
  };
}

export type NewPayoutTx = Omit<PayoutTx, 'id' | 'status' | 'absentObservations'>;

/**
 * The payout worker's outbox (payout_transactions). A row is written, with the signed bytes, BEFORE the
 * transaction is broadcast. A submission that appears in an open ('signed') or 'mined' row never gets
 * another nonce: only the attempts of that one nonce compete, and at most one of them can be mined.
 */
export class PayoutOutbox {
  constructor(private readonly db: DataSource, private readonly chainId: number, private readonly sender: string) {}

  /** Open nonces with their attempts, lowest nonce first. */
  async openGroups(): Promise<NonceGroup[]> {
    const rows = await this.db.query(
      `SELECT * FROM payout_transactions WHERE chain_id = $1 AND sender = $2 AND status = 'signed' ORDER BY nonce, id`,
      [this.chainId, this.sender],
    );
    const groups = new Map<number, NonceGroup>();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- an SQL row as the driver returns it, its columns read by name
    for (const tx of (rows as Array<Record<string, any>>).map(toTx)) {
      const g = groups.get(tx.nonce) ?? { nonce: tx.nonce, taskId: tx.taskId, key: tx.key, submissionIds: tx.submissionIds, recipients: tx.recipients, attempts: [] };
      g.attempts.push(tx);
      groups.set(tx.nonce, g);
    }
    return [...groups.values()];
  }

  /** Mined transactions that carry any of these submissions, lowest nonce first. */
  async minedWith(submissionIds: number[]): Promise<PayoutTx[]> {
    const rows = await this.db.query(
      `SELECT * FROM payout_transactions
        WHERE chain_id = $1 AND sender = $2 AND status = 'mined' AND submission_ids && $3::int[]
        ORDER BY nonce, id`,
      [this.chainId, this.sender, submissionIds],
    );
    return rows.map(toTx);
  }

  async maxOpenNonce(): Promise<number | null> {
    const rows: Array<{ n: string | null }> = await this.db.query(
      `SELECT max(nonce) AS n FROM payout_transactions WHERE chain_id = $1 AND sender = $2 AND status = 'signed'`,
      [this.chainId, this.sender],
    );
    return rows[0].n === null ? null : Number(rows[0].n);
  }

  /** Written inside the leader's fenced transaction (LeaderFence.run), before any broadcast. */
  async insert(m: EntityManager, tx: NewPayoutTx): Promise<PayoutTx> {
    const fees = tx.fees;
    const rows = await m.query(
      `INSERT INTO payout_transactions (chain_id, sender, nonce, task_id, submission_ids, recipients, tx_hash, raw_tx, status,
                                        max_fee_per_gas, max_priority_fee_per_gas, gas_price, signed_at_block, escrow_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'signed', $9, $10, $11, $12, $13) RETURNING *`,
      [
        this.chainId, this.sender, tx.nonce, tx.taskId, tx.submissionIds, tx.recipients, tx.txHash, tx.rawTx,
        fees?.type === 2 ? fees.maxFeePerGas.toString() : null,
        fees?.type === 2 ? fees.maxPriorityFeePerGas.toString() : null,
        fees?.type === 0 ? fees.gasPrice.toString() : null,
        tx.signedAtBlock,
        tx.key,
      ],
    );
    return toTx(rows[0]);
  }

  /** The attempt that made it into a block: mined or reverted; its open siblings lost (superseded). */
  async settle(winner: PayoutTx, status: 'mined' | 'reverted', blockNumber: number, error: string | null = null): Promise<void> {
    await this.db.transaction(async (m) => {
      await m.query(
        `UPDATE payout_transactions SET status = $2, block_number = $3, error = coalesce($4, error), absent_observations = 0, updated_at = now()
          WHERE id = $1`,
        [winner.id, status, blockNumber, error],
      );
      await m.query(
        `UPDATE payout_transactions SET status = 'superseded', updated_at = now()
          WHERE chain_id = $1 AND sender = $2 AND nonce = $3 AND id <> $4 AND status = 'signed'`,
        [this.chainId, this.sender, winner.nonce, winner.id],
      );
    });
  }

  /** None of the nonce's attempts can be mined any more: their submissions are free for a new nonce. */
  async dropNonce(nonce: number, reason: string): Promise<void> {
    await this.db.query(
      `UPDATE payout_transactions SET status = 'dropped', error = $4, updated_at = now()
        WHERE chain_id = $1 AND sender = $2 AND nonce = $3 AND status = 'signed'`,
      [this.chainId, this.sender, nonce, reason],
    );
  }

  /** Counts one more "absent" observation of the nonce (or resets it to 0); returns the new count. */
  async observeAbsence(nonce: number, absent: boolean): Promise<number> {
    // A SELECT around the UPDATE: TypeORM answers a bare UPDATE ... RETURNING as [rows, count].
    const rows: Array<{ n: number | null }> = await this.db.query(
      `WITH u AS (
         UPDATE payout_transactions SET absent_observations = CASE WHEN $4 THEN absent_observations + 1 ELSE 0 END
          WHERE chain_id = $1 AND sender = $2 AND nonce = $3 AND status = 'signed'
          RETURNING absent_observations)
       SELECT max(absent_observations)::int AS n FROM u`,
      [this.chainId, this.sender, nonce, absent],
    );
    return rows[0]?.n ?? 0;
  }

  /**
   * A mined attempt's block was reorganised away: every attempt of its nonce may be mined again. They count
   * as pending since `head` (the blocks before it say nothing about their fees).
   */
  async reopenNonce(nonce: number, head: number): Promise<void> {
    await this.db.query(
      `UPDATE payout_transactions SET status = 'signed', block_number = NULL, absent_observations = 0, signed_at_block = $4, updated_at = now()
        WHERE chain_id = $1 AND sender = $2 AND nonce = $3 AND status IN ('mined', 'superseded')`,
      [this.chainId, this.sender, nonce, head],
    );
  }

  /** How many of this submission's transactions reverted (bounded retries before a permanent failure). */
  async revertCounts(submissionIds: number[]): Promise<Map<number, number>> {
    const rows: Array<{ id: number; n: string }> = await this.db.query(
      `SELECT s AS id, count(*) AS n FROM payout_transactions p, unnest(p.submission_ids) AS s
        WHERE p.chain_id = $1 AND p.status = 'reverted' AND s = ANY($2) GROUP BY s`,
      [this.chainId, submissionIds],
    );
    return new Map(rows.map((r) => [r.id, Number(r.n)]));
  }

  /**
   * Which of these submissions are in an open or mined transaction of this chain (any sender): those never get
   * another nonce (a mined one waits for the indexer to record its release).
   */
  async inFlight(submissionIds: number[]): Promise<Set<number>> {
    const rows: Array<{ id: number }> = await this.db.query(
      `SELECT DISTINCT s AS id FROM payout_transactions p, unnest(p.submission_ids) AS s
        WHERE p.chain_id = $1 AND p.status IN ('signed', 'mined') AND p.submission_ids && $2::int[] AND s = ANY($2::int[])`,
      [this.chainId, submissionIds],
    );
    return new Set(rows.map((r) => Number(r.id)));
  }

  /** Submissions of this task in open (signed, not yet mined) transactions: escrow payouts already spoken for. */
  async openSubmissionCount(taskId: number): Promise<number> {
    const rows: Array<{ n: number }> = await this.db.query(
      `SELECT count(DISTINCT s)::int AS n FROM payout_transactions p, unnest(p.submission_ids) AS s
        WHERE p.chain_id = $1 AND p.sender = $2 AND p.task_id = $3 AND p.status = 'signed'`,
      [this.chainId, this.sender, taskId],
    );
    return rows[0]?.n ?? 0;
  }

  /**
   * Payouts this releaser signed in the last hour and that may still be or were mined (one count per nonce,
   * whatever its fee-bumped attempts): what the per-hour release cap is checked against.
   */
  async releasesInLastHour(): Promise<number> {
    const rows: Array<{ n: number }> = await this.db.query(
      `SELECT coalesce(sum(n), 0)::int AS n FROM (
         SELECT DISTINCT ON (nonce) cardinality(submission_ids) AS n FROM payout_transactions
          WHERE chain_id = $1 AND sender = $2 AND status IN ('signed', 'mined') AND created_at > now() - interval '1 hour'
          ORDER BY nonce, id) per_nonce`,
      [this.chainId, this.sender],
    );
    return rows[0]?.n ?? 0;
  }
}
