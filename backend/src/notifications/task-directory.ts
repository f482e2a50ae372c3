import { Injectable } from '@nestjs/common';
import { DataSource, QueryRunner } from 'typeorm';
import { StoredEvent } from '../event-store/stored-event';
import { TaskEvents as T } from '../tasks/domain/task.events';

/**
 * Who a task's events concern: its creator and, per submission, the submitter; and where public lists file it
 * (its category and reward never change after TaskCreated).
 */
export interface TaskParties {
  creatorId: number;
  title: string;
  category: string;
  reward: number;
  submitters: Map<number, number>;
}

const partiesOf = (d: { creatorId: number; title: string; category: string; reward: number }): TaskParties =>
  ({ creatorId: d.creatorId, title: d.title, category: d.category, reward: d.reward, submitters: new Map() });

/** Entries kept in memory; an evicted task is simply read again from its stream. */
const MAX_TASKS = 20_000;

/**
 * Answers "whose task / whose submission is this" for events that do not carry the user (PayoutSent,
 * PayoutFailed, funding facts). The answers are immutable facts of the task stream (TaskCreated,
 * SubmissionSubmitted), so the cache never goes stale: it is read from the event store, not from a read
 * model that could lag, and both the notifications projection and the live stream follower use it.
 */
@Injectable()
export class TaskDirectory {
  private readonly tasks = new Map<number, TaskParties>();

  constructor(private readonly dataSource: DataSource) {}

  get(taskId: number): TaskParties | undefined {
    return this.tasks.get(taskId);
  }

  /** Loads the parties of every task these events touch (one query for the ones not cached). */
  async prepare(events: StoredEvent[], runner?: QueryRunner): Promise<void> {
    const missing = new Set<number>();
    for (const e of events) {
      const taskId = e.data?.taskId;
      if (typeof taskId !== 'number' || !e.streamId.startsWith('task-')) continue;
      if (e.type === T.TaskCreated) continue; // observe() records it from the event itself
      const known = this.tasks.get(taskId);
      const sub = e.data.submissionId;
      if (!known || (typeof sub === 'number' && e.type !== T.SubmissionSubmitted && !known.submitters.has(sub))) missing.add(taskId);
    }
    if (missing.size) await this.load([...missing], runner);
  }

  /** Keeps the cache current from the events themselves (called in event order). */
  observe(e: StoredEvent): void {
    if (e.type === T.TaskCreated && !this.tasks.has(e.data.taskId)) this.remember(e.data.taskId, partiesOf(e.data));
    if (e.type === T.SubmissionSubmitted) this.tasks.get(e.data.taskId)?.submitters.set(e.data.submissionId, e.data.userId);
  }

  private async load(taskIds: number[], runner?: QueryRunner): Promise<void> {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a TaskCreated's or a SubmissionSubmitted's data, told apart by event_type
    const rows: Array<{ event_type: string; data: any }> = await (runner ?? this.dataSource).query(
      `SELECT event_type, data FROM events
        WHERE stream_id = ANY($1) AND event_type IN ('${T.TaskCreated}', '${T.SubmissionSubmitted}')
        ORDER BY stream_id, stream_version`,
      [taskIds.map((id) => `task-${id}`)],
    );
    const loaded = new Map<number, TaskParties>();
    for (const r of rows) {
      if (r.event_type === T.TaskCreated) loaded.set(r.data.taskId, partiesOf(r.data));
      else loaded.get(r.data.taskId)?.submitters.set(r.data.submissionId, r.data.userId);
    }
    for (const [id, parties] of loaded) this.remember(id, parties);
  }

  private remember(taskId: number, parties: TaskParties): void {
    this.tasks.delete(taskId);
    this.tasks.set(taskId, parties);
    if (this.tasks.size > MAX_TASKS) this.tasks.delete(this.tasks.keys().next().value as number);
  }
}
