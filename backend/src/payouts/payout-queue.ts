import { DataSource } from 'typeorm';
import { centToBaseUnits } from '../common/money';

/**
 * One approved submission waiting for its on-chain payout: requested, or sent and not yet seen paid by the
 * indexer (RewardReleased). A reorganisation that drops the payout's block puts it back as requested.
 */
export interface PayoutQueueItem {
  taskId: number;
  submissionId: number;
  /** The wallet the payout was requested for (PayoutRequested.recipient); null only in rows from before it was kept. */
  recipient: string | null;
  /** The task's reward in base units: what the escrow pays for this submission. */
  amount: bigint;
  /** The TaskEscrow v2 key of the task's accepted funding; null while the task has none. */
  escrowKey: string | null;
  status: 'requested' | 'sent';
  /** Whether the task's funding is accepted: only those are due. */
  funded: boolean;
  /** Last change of the submission's payout (requested, sent, reverted): the queue's order. */
  queuedAt: Date;
}

/** Queue depth by payout status and the age of the oldest waiting item (null when the queue is empty). */
export interface PayoutQueueStats {
  requested: number;
  sent: number;
  oldestAgeSeconds: number | null;
}

/** The queue's membership, one definition for the worker, the metrics and this file. */
const WAITING = `s.status = 'approved' AND s.payout_status IN ('requested', 'sent')`;

/**
 * Approved submissions whose payout failed: out of the queue, each told to its earner, creator and admins with
 * what to do (the reason is on the submission), waiting for one of them or for the cause to pass. One definition
 * for the metrics (`cent_payouts_failed`) and `npm run audit` (indexer/src/audit/reconcile.ts); a partial index
 * covers exactly these rows.
 */
export const FAILED_PAYOUTS = `s.status = 'approved' AND s.payout_status = 'failed'`;

/** How many payouts failed (FAILED_PAYOUTS), for a statement that reads several figures at once. */
export const FAILED_PAYOUTS_COUNT_SQL = `(SELECT count(*)::int FROM submissions s WHERE ${FAILED_PAYOUTS})`;

/**
 * The queue's figures as one JSON value, for a statement that reads several things at once (the metrics
 * snapshot, OperationalGauges); `PayoutQueue.stats` reads the same alone.
 */
export const PAYOUT_QUEUE_STATS_JSON_SQL = `(SELECT json_build_object(
        'requested', count(*) FILTER (WHERE s.payout_status = 'requested'),
        'sent', count(*) FILTER (WHERE s.payout_status = 'sent'),
        'oldestAgeSeconds', extract(epoch FROM now() - min(s.updated_at)))
       FROM submissions s WHERE ${WAITING})`;

const PAGE_SIZE = 1000;

interface Row {
  id: number;
  task_id: number;
  payout_status: 'requested' | 'sent';
  payout_recipient: string | null;
  updated_at: Date;
  /** updated_at as PostgreSQL prints it: the exact microseconds for the next page's bound (a Date keeps ms). */
  at: string;
  reward: number;
  escrow_key: string | null;
  funded: boolean;
}

/**
 * The payout queue: what the payout worker (indexer/src/payouts) reads instead of the backend's tables. It is a
 * view of the submissions read model (payout status and requested wallet kept by SubmissionsProjection) and the
 * tasks read model (escrow key and funding); the worker keeps its own transactions in its outbox and says which
 * items it has in flight. Reads only: the queue changes through the task aggregate's payout commands. A plain
 * class over the DataSource (not a Nest provider): the worker builds it from the domain's DataSource.
 */
export class PayoutQueue {
  constructor(private readonly db: DataSource) {}

  /**
   * Up to `limit` items due for a payout (their task is funded), oldest first, leaving out those the caller
   * already has in flight (`inFlight` answers which of a page's submission ids are). Reads on while pages are
   * left out, so `limit` due items come back whenever there are that many.
   */
  async due(limit: number, inFlight: (submissionIds: number[]) => Promise<Set<number>>): Promise<PayoutQueueItem[]> {
    const due: PayoutQueueItem[] = [];
    for await (const page of this.pages({ dueOnly: true, pageSize: limit })) {
      const busy = await inFlight(page.map((i) => i.submissionId));
      for (const item of page) {
        if (busy.has(item.submissionId)) continue;
        due.push(item);
        if (due.length === limit) return due;
      }
    }
    return due;
  }

  /**
   * Every waiting item (funded or not), page by page, oldest first. Each page is its own statement: a page
   * boundary may see a change made in between (an item moved to the end is then read twice or not at all).
   */
  async *pages(options: { dueOnly?: boolean; pageSize?: number } = {}): AsyncGenerator<PayoutQueueItem[]> {
    const size = options.pageSize ?? PAGE_SIZE;
    let after: { at: string; id: number } | null = null;
    for (;;) {
      const rows: Row[] = await this.db.query(
        `SELECT s.id, s.task_id, s.payout_status, s.payout_recipient, s.updated_at, s.updated_at::text AS at,
                t.reward, t.escrow_key, t.funding_status = 'funded' AS funded
           FROM submissions s JOIN tasks t ON t.id = s.task_id
          WHERE ${WAITING} ${options.dueOnly ? `AND t.funding_status = 'funded'` : ''}
            AND ($1::timestamptz IS NULL OR (s.updated_at, s.id) > ($1::timestamptz, $2::int))
          ORDER BY s.updated_at, s.id LIMIT $3`,
        [after?.at ?? null, after?.id ?? 0, size],
      );
      if (rows.length) yield rows.map(toItem);
      if (rows.length < size) return;
      const last = rows[rows.length - 1];
      after = { at: last.at, id: last.id };
    }
  }

  /** Depth by status and the oldest item's age: the payout queue gauges. */
  async stats(): Promise<PayoutQueueStats> {
    const [row]: Array<{ stats: { requested: number; sent: number; oldestAgeSeconds: number | string | null } }> = await this.db.query(
      `SELECT ${PAYOUT_QUEUE_STATS_JSON_SQL} AS stats`,
    );
    const s = row.stats;
    return { requested: Number(s.requested), sent: Number(s.sent), oldestAgeSeconds: s.oldestAgeSeconds === null ? null : Number(s.oldestAgeSeconds) };
  }
}

function toItem(r: Row): PayoutQueueItem {
  return {
    taskId: r.task_id,
    submissionId: r.id,
    recipient: r.payout_recipient,
    amount: centToBaseUnits(Number(r.reward)),
    escrowKey: r.escrow_key,
    status: r.payout_status,
    funded: r.funded,
    queuedAt: new Date(r.updated_at),
  };
}
