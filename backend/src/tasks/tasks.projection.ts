import { Injectable } from '@nestjs/common';
import { QueryRunner } from 'typeorm';
import { StoredEvent } from '../event-store/stored-event';
import { ProjectionBatch, ReadModelProjection } from '../projections/projection';
import { Row, RowChange, RowProjection } from '../projections/row-projection';
import { deadlineSeconds, reviewTimes } from './domain/task-escrow-terms';
import { upcastTaskEvent } from './domain/task-event-upcaster';
import { EscrowFacts, fundingStatusOf } from './domain/funding-status';
import { FundingStatus } from './domain/task.constants';
import { TaskEvents as T } from './domain/task.events';
import { MAX_LISTED_STRANGER_ESCROWS, StoredAnomaly } from './queries/task-funding.view';
import { STRANGER_KINDS } from '../escrow/escrow-differences';
import { CREATOR_LINE_EVENTS } from '../creator-records/creator-record.view';
import { TaskListingChange, deadlineDay, listed, toListingChange } from './task-listing-change';

const add = (a: unknown, b: string | bigint) => (BigInt(String(a)) + BigInt(b)).toString();
const sub = (a: unknown, b: string | bigint) => (BigInt(String(a)) - BigInt(b)).toString();
const same = (a: unknown, b: string) => typeof a === 'string' && a.toLowerCase() === b.toLowerCase();

/** The `tasks` read table: the task plus its counters, escrow state and anomalies. */
@Injectable()
@ReadModelProjection()
export class TasksProjection extends RowProjection {
  readonly name = 'tasks';
  readonly table = 'tasks';

  /** `task_listing_counts` and `task_open_deadline_days` are kept with the rows (a rebuild empties all and recounts). */
  override get tables(): string[] {
    return [this.table, 'task_listing_counts', 'task_open_deadline_days'];
  }

  private readonly listeners = new Set<(changes: TaskListingChange[]) => void>();

  /**
   * Tells `listener` which tasks each committed batch changed, before the commands that wrote them return
   * (the list's page cache drops exactly the answers they touch). Returns the unsubscribe function.
   */
  onListingChanges(listener: (changes: TaskListingChange[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  protected override async changed(changes: RowChange[], events: StoredEvent[], _tx: QueryRunner, batch: ProjectionBatch): Promise<void> {
    this.count(changes, batch);
    if (!this.listeners.size) return;
    const submitters = new Map<number, number[]>();
    for (const e of events) {
      if (e.type === T.SubmissionSubmitted) submitters.set(e.data.taskId, [...(submitters.get(e.data.taskId) ?? []), e.data.userId]);
    }
    const reviewed = new Set(events.filter((e) => CREATOR_LINE_EVENTS.has(e.type)).map((e) => e.data.taskId as number));
    const out = changes.map((c) => toListingChange(c, submitters.get(c.key) ?? [], reviewed.has(c.key)));
    batch.afterCommit(() => {
      for (const listener of this.listeners) listener(out);
    });
  }

  /**
   * Moves `task_listing_counts` and `task_open_deadline_days` by what the batch changed: tasks listed or
   * unlisted, slots filled or freed.
   */
  private count(changes: RowChange[], batch: ProjectionBatch): void {
    const delta = new Map<string, { listed: number; open: number }>();
    const days = new Map<string, { category: string; day: number; open: number }>();
    const move = (row: Row | undefined, sign: 1 | -1) => {
      const t = listed(row);
      if (!t || !row) return;
      const d = delta.get(t.category) ?? { listed: 0, open: 0 };
      d.listed += sign;
      if (t.open) d.open += sign;
      delta.set(t.category, d);
      if (!t.open) return;
      const day = deadlineDay(row);
      const key = `${day} ${t.category}`;
      const dd = days.get(key) ?? { category: t.category, day, open: 0 };
      dd.open += sign;
      days.set(key, dd);
    };
    for (const c of changes) {
      move(c.before, -1);
      move(c.after, 1);
    }
    const openDays = [...days.values()].filter((d) => d.open !== 0);
    if (openDays.length) {
      batch.write(
        `INSERT INTO task_open_deadline_days (category, day, open)
         SELECT * FROM unnest($1::text[], $2::int[], $3::int[])
         ON CONFLICT (category, day) DO UPDATE SET open = task_open_deadline_days.open + EXCLUDED.open`,
        [openDays.map((d) => d.category), openDays.map((d) => d.day), openDays.map((d) => d.open)],
      );
    }
    const moved = [...delta].filter(([, d]) => d.listed !== 0 || d.open !== 0);
    if (!moved.length) return;
    batch.write(
      `INSERT INTO task_listing_counts (category, listed, open)
       SELECT * FROM unnest($1::text[], $2::int[], $3::int[])
       ON CONFLICT (category) DO UPDATE
         SET listed = task_listing_counts.listed + EXCLUDED.listed, open = task_listing_counts.open + EXCLUDED.open`,
      [moved.map(([c]) => c), moved.map(([, d]) => d.listed), moved.map(([, d]) => d.open)],
    );
  }

  protected keysOf(e: StoredEvent): number[] {
    return e.type in T ? [e.data.taskId] : [];
  }

  protected override creates(e: StoredEvent): boolean {
    return e.type === T.TaskCreated;
  }

  protected fold(row: Row | undefined, stored: StoredEvent): Row | undefined {
    const e = upcastTaskEvent(stored);
    const at = stored.createdAt.toISOString();
    if (e.type === T.TaskCreated) {
      const d = e.data;
      const times = reviewTimes(deadlineSeconds(d.deadline), d.reviewWindowSeconds, d.reviewCloseMarginSeconds);
      return {
        id: d.taskId,
        title: d.title,
        description: d.description,
        requirements: d.requirements,
        category: d.category,
        creator_id: d.creatorId,
        reward: d.reward,
        max_completions: d.maxCompletions,
        completions: 0,
        total_submissions: 0,
        pending_submissions: 0,
        estimated_time: d.estimatedTime,
        deadline: d.deadline,
        submission_type: d.submissionType,
        is_active: d.isActive,
        funding_status: 'awaiting_funding',
        chain_id: d.chainId,
        contract_address: d.contractAddress,
        escrow_amount: d.escrowAmount,
        released_amount: '0',
        refunded_amount: '0',
        funded_tx_hash: null,
        escrow_key: null,
        funder: null,
        review_until: times.reviewUntil.toISOString(),
        refundable_at: times.refundableAt.toISOString(),
        review_within_seconds: d.reviewWithinSeconds,
        anomalies: [],
        stranger_escrows_unlisted: 0,
        created_at: d.createdAt,
        updated_at: at,
      };
    }
    if (!row) return undefined;
    const r: Row = { ...row, updated_at: at };
    const anomalies = (row.anomalies ?? []) as StoredAnomaly[];
    const isFact = (f: { txHash: string; logIndex: number }) => (a: StoredAnomaly) => same(a.txHash, f.txHash) && a.logIndex === f.logIndex;
    switch (e.type) {
      case T.TaskFunded: {
        const d = e.data;
        // A stray funding accepted later (the creator linked its wallet) is no anomaly any more.
        return settled({ ...r, funded_tx_hash: d.txHash, escrow_key: d.key, funder: d.funder, anomalies: anomalies.filter((a) => !isFact(d)(a)) }, { funded: true });
      }
      case T.TaskFundingAnomalyDetected: {
        const d = e.data;
        // Anyone can fund any id, any number of times: only the first few such escrows are listed, the others
        // counted, so a task row (and every JSON made of it) stays small whatever strangers do.
        if (STRANGER_KINDS.includes(d.kind) && anomalies.filter((a) => STRANGER_KINDS.includes(a.kind)).length >= MAX_LISTED_STRANGER_ESCROWS) {
          return settled({ ...r, stranger_escrows_unlisted: Number(r.stranger_escrows_unlisted ?? 0) + 1 });
        }
        const anomaly: StoredAnomaly = {
          audience: d.kind === 'stranger_escrow' ? 'admin' : 'creator', kind: d.kind, reason: d.reason, txHash: d.txHash, logIndex: d.logIndex,
          recovery: d.recovery, key: d.key, submissionId: null, resolved: false,
        };
        return settled({ ...r, anomalies: [...anomalies, anomaly] });
      }
      case T.TaskFundingReverted: {
        const d = e.data;
        // The aggregate says what the status is after the compensation (older events: derived from the row).
        if (d.target === 'anomaly') {
          const listedHere = anomalies.some(isFact(d));
          // Not listed: one of the counted strangers' escrows (the aggregate compensates only anomalies it recorded).
          const unlisted = Number(r.stranger_escrows_unlisted ?? 0) - (listedHere ? 0 : 1);
          return settled({ ...r, anomalies: anomalies.filter((a) => !isFact(d)(a)), stranger_escrows_unlisted: Math.max(0, unlisted) }, {}, d.fundingStatus);
        }
        return settled({ ...r, funded_tx_hash: null, escrow_key: null, funder: null }, { funded: false }, d.fundingStatus);
      }
      case T.TaskActivated:
        return { ...r, is_active: true };
      case T.TaskDeactivated:
        return { ...r, is_active: false };
      case T.TaskRefunded:
        return settled({ ...r, refunded_amount: add(r.refunded_amount, e.data.amount) }, { refunded: true });
      case T.StrayEscrowRefunded: {
        const d = e.data;
        const resolved = anomalies.map((a) => (a.key && same(a.key, d.key) ? { ...a, resolved: true } : a));
        return settled({ ...r, anomalies: resolved }, d.openStrays === undefined ? {} : { openStrays: d.openStrays });
      }
      case T.TaskRefundReverted: {
        const d = e.data;
        if (d.target === 'anomaly') {
          return settled({ ...r, anomalies: anomalies.map((a) => (a.key && d.key && same(a.key, d.key) ? { ...a, resolved: false } : a)) });
        }
        // Older events without the status: the refund undone leaves the funding it refunded.
        return settled({ ...r, refunded_amount: '0' }, { refunded: false, funded: true }, d.fundingStatus);
      }
      case T.SubmissionSubmitted:
        return {
          ...r,
          total_submissions: Number(r.total_submissions) + 1,
          pending_submissions: Number(r.pending_submissions) + 1,
        };
      case T.SubmissionApproved:
        return { ...r, completions: Number(r.completions) + 1, pending_submissions: Number(r.pending_submissions) - 1 };
      case T.SubmissionRejected:
      case T.SubmissionAppealUpheld:
        return { ...r, pending_submissions: Number(r.pending_submissions) - 1 };
      // An open appeal holds a slot, like a pending submission (changes requested keeps the one it had).
      case T.SubmissionAppealed:
        return { ...r, pending_submissions: Number(r.pending_submissions) + 1 };
      case T.RewardReleased:
        return { ...r, released_amount: add(r.released_amount, e.data.amount) };
      case T.RewardReleaseReverted:
        return { ...r, released_amount: sub(r.released_amount, e.data.amount) };
      case T.PayoutAnomalyDetected: {
        const d = e.data;
        const anomaly: StoredAnomaly = {
          audience: 'admin', kind: d.kind, reason: d.reason, txHash: d.txHash, logIndex: d.logIndex, recovery: PAYOUT_RECOVERY,
          key: d.key, submissionId: d.submissionId, resolved: false,
        };
        return { ...r, anomalies: [...anomalies, anomaly] };
      }
      case T.PayoutAnomalyReverted:
        return { ...r, anomalies: anomalies.filter((a) => !isFact(e.data)(a)) };
      default:
        return row;
    }
  }
}

/**
 * The escrow facts as the row records them (funding-status.ts): whether its own escrow counts as funded or
 * refunded (what the row's status says, moved only by the events of the task's own escrow), and the stray
 * escrows it lists still open. Strangers' escrows beyond the listed ones are only counted: taken as open.
 */
function escrowFactsOfRow(r: Row): EscrowFacts {
  const anomalies = (r.anomalies ?? []) as StoredAnomaly[];
  const open = anomalies.filter((a) => a.submissionId === null && a.kind !== 'stranger_escrow' && !a.resolved).length;
  return {
    funded: r.funding_status === 'funded',
    refunded: r.funding_status === 'refunded',
    openStrays: open + Number(r.stranger_escrows_unlisted ?? 0),
  };
}

/**
 * The row with its funding status by the one rule (fundingStatusOf) over the row's facts, with `known` the
 * facts the event states; or the status the aggregate recorded in a reorganisation's compensation.
 */
function settled(r: Row, known: Partial<EscrowFacts> = {}, decided?: FundingStatus): Row {
  return { ...r, funding_status: decided ?? fundingStatusOf({ ...escrowFactsOfRow(r), ...known }) };
}

/** What an admin does about a release the app did not decide (the releaser key is the platform's). */
export const PAYOUT_RECOVERY =
  'Nothing is counted as paid for it. Check who holds the releaser key (only it can release), rotate the key if it was not ' +
  'the payout worker, and pay the approved submission again through release-reward.';
