import { Injectable } from '@nestjs/common';
import { QueryRunner } from 'typeorm';
import { StoredEvent } from '../event-store/stored-event';
import { ProjectionBatch, ReadModelProjection } from '../projections/projection';
import { Row, RowChange, RowProjection } from '../projections/row-projection';
import { TaskEvents as T } from './task.events';
import { TaskListingChange, toListingChange } from './task-listing-change';

const add = (a: unknown, b: string | bigint) => (BigInt(String(a)) + BigInt(b)).toString();
const sub = (a: unknown, b: string | bigint) => (BigInt(String(a)) - BigInt(b)).toString();

/** The `tasks` read table: the task plus its counters and escrow state. */
@Injectable()
@ReadModelProjection()
export class TasksProjection extends RowProjection {
  readonly name = 'tasks';
  readonly table = 'tasks';

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
    if (!this.listeners.size) return;
    const submitters = new Map<number, number[]>();
    for (const e of events) {
      if (e.type === T.SubmissionSubmitted) submitters.set(e.data.taskId, [...(submitters.get(e.data.taskId) ?? []), e.data.userId]);
    }
    const out = changes.map((c) => toListingChange(c, submitters.get(c.key) ?? []));
    batch.afterCommit(() => {
      for (const listener of this.listeners) listener(out);
    });
  }

  protected keysOf(e: StoredEvent): number[] {
    return e.type in T ? [e.data.taskId] : [];
  }

  protected fold(row: Row | undefined, e: StoredEvent): Row | undefined {
    const d = e.data;
    const at = e.createdAt.toISOString();
    if (e.type === T.TaskCreated) {
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
        funding_anomaly: null,
        created_at: d.createdAt,
        updated_at: at,
      };
    }
    if (!row) return undefined;
    const r: Row = { ...row, updated_at: at };
    switch (e.type) {
      case T.TaskFunded:
        return { ...r, funding_status: 'funded', funded_tx_hash: d.txHash, funding_anomaly: null };
      case T.TaskFundingAnomalyDetected:
        return { ...r, funding_status: 'funding_anomaly', funded_tx_hash: d.txHash, funding_anomaly: d.reason };
      case T.TaskFundingReverted:
        return { ...r, funding_status: 'awaiting_funding', funded_tx_hash: null, funding_anomaly: null };
      case T.TaskActivated:
        return { ...r, is_active: true };
      case T.TaskDeactivated:
        return { ...r, is_active: false };
      case T.TaskRefunded:
        return { ...r, funding_status: 'refunded', refunded_amount: add(r.refunded_amount, d.amount) };
      case T.TaskRefundReverted:
        return { ...r, funding_status: 'funded', refunded_amount: '0' };
      case T.SubmissionSubmitted:
        return {
          ...r,
          total_submissions: Number(r.total_submissions) + 1,
          pending_submissions: Number(r.pending_submissions) + 1,
        };
      case T.SubmissionApproved:
        return { ...r, completions: Number(r.completions) + 1, pending_submissions: Number(r.pending_submissions) - 1 };
      case T.SubmissionRejected:
        return { ...r, pending_submissions: Number(r.pending_submissions) - 1 };
      case T.RewardReleased:
        return { ...r, released_amount: add(r.released_amount, d.amount) };
      case T.RewardReleaseReverted:
        return { ...r, released_amount: sub(r.released_amount, BigInt(d.reward) * 10n ** 18n) };
      default:
        return row;
    }
  }
}
