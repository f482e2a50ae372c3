import { DataSource } from 'typeorm';

export type PayoutTxStatus = 'signed' | 'mined' | 'reverted' | 'dropped';

export interface PayoutTx {
  id: number;
  nonce: number;
  taskId: number;
  submissionIds: number[];
  recipients: string[];
  txHash: string;
  rawTx: string;
  status: PayoutTxStatus;
}

export interface PayoutCandidate {
  submissionId: number;
  taskId: number;
  queuedAt: Date;
}

function toTx(r: Record<string, any>): PayoutTx {
  return {
    id: Number(r.id),
    nonce: Number(r.nonce),
    taskId: r.task_id,
    submissionIds: r.submission_ids,
    recipients: r.recipients,
    txHash: r.tx_hash,
    rawTx: r.raw_tx,
    status: r.status,
  };
}

/**
 * The payout worker's outbox (payout_transactions). A row is written, with the signed bytes, BEFORE the
 * transaction is broadcast; 'signed' rows are open (may still be mined) and 'mined' rows paid their
 * submissions. A submission that appears in an open or mined row never gets another transaction.
 */
export class PayoutOutbox {
  constructor(private readonly db: DataSource, private readonly chainId: number, private readonly sender: string) {}

  async open(): Promise<PayoutTx[]> {
    const rows = await this.db.query(
      `SELECT * FROM payout_transactions WHERE chain_id = $1 AND sender = $2 AND status = 'signed' ORDER BY nonce, id`,
      [this.chainId, this.sender],
    );
    return rows.map(toTx);
  }

  /** Mined transactions whose submissions the read model does not show as released (yet, or any more). */
  async minedAwaitingRelease(): Promise<PayoutTx[]> {
    const rows = await this.db.query(
      `SELECT p.* FROM payout_transactions p
        WHERE p.chain_id = $1 AND p.sender = $2 AND p.status = 'mined'
          AND EXISTS (SELECT 1 FROM submissions s WHERE s.id = ANY(p.submission_ids) AND s.payout_status IN ('requested', 'sent'))
        ORDER BY p.nonce`,
      [this.chainId, this.sender],
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

  async insert(tx: Omit<PayoutTx, 'id' | 'status'>): Promise<PayoutTx> {
    const rows = await this.db.query(
      `INSERT INTO payout_transactions (chain_id, sender, nonce, task_id, submission_ids, recipients, tx_hash, raw_tx, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'signed') RETURNING *`,
      [this.chainId, this.sender, tx.nonce, tx.taskId, tx.submissionIds, tx.recipients, tx.txHash, tx.rawTx],
    );
    return toTx(rows[0]);
  }

  async setStatus(id: number, status: PayoutTxStatus, blockNumber: number | null = null, error: string | null = null): Promise<void> {
    await this.db.query(
      `UPDATE payout_transactions SET status = $2, block_number = $3, error = coalesce($4, error), updated_at = now() WHERE id = $1`,
      [id, status, blockNumber, error],
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
   * Approved submissions waiting for a payout (requested, or sent by a transaction that can no longer be
   * mined) of funded tasks, with no open or mined transaction.
   */
  async candidates(limit = 1000): Promise<PayoutCandidate[]> {
    const rows: Array<{ id: number; task_id: number; updated_at: Date }> = await this.db.query(
      `SELECT s.id, s.task_id, s.updated_at FROM submissions s JOIN tasks t ON t.id = s.task_id
        WHERE s.status = 'approved' AND s.payout_status IN ('requested', 'sent') AND t.funding_status = 'funded'
          AND NOT EXISTS (SELECT 1 FROM payout_transactions p
                           WHERE p.chain_id = $1 AND p.status IN ('signed', 'mined') AND s.id = ANY(p.submission_ids))
        ORDER BY s.updated_at, s.id LIMIT $2`,
      [this.chainId, limit],
    );
    return rows.map((r) => ({ submissionId: r.id, taskId: r.task_id, queuedAt: new Date(r.updated_at) }));
  }

  /** The TaskEscrow v2 key of the task's accepted funding (tasks.escrow_key), or null when there is none. */
  async escrowKey(taskId: number): Promise<string | null> {
    const rows: Array<{ escrow_key: string | null }> = await this.db.query(`SELECT escrow_key FROM tasks WHERE id = $1`, [taskId]);
    return rows[0]?.escrow_key ?? null;
  }

  /** The wallet each payout was requested to (PayoutRequested), newest request per submission. */
  async recipients(taskId: number, submissionIds: number[]): Promise<Map<number, string>> {
    const rows: Array<{ id: number; recipient: string }> = await this.db.query(
      `SELECT DISTINCT ON ((data->>'submissionId')::int) (data->>'submissionId')::int AS id, data->>'recipient' AS recipient
         FROM events WHERE stream_id = $1 AND event_type = 'PayoutRequested' AND (data->>'submissionId')::int = ANY($2)
        ORDER BY (data->>'submissionId')::int, stream_version DESC`,
      [`task-${taskId}`, submissionIds],
    );
    return new Map(rows.map((r) => [r.id, r.recipient]));
  }
}
