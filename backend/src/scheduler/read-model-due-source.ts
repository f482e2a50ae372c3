import { Injectable } from '@nestjs/common';
import { CommandBus, ICommand } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { DueDecision, DueDecisionSource } from './due-decision';

/** A row of a source's query: the task, the submission (none for a task's own decision), when it fell due. */
export interface DueRow {
  task_id: number;
  submission_id?: number;
  due_at: Date | null;
  /** The backoff key; without it, the submission id (or the task id for a task's own decision). */
  key?: string;
}

/**
 * A due decision read by one SQL query over a read model ($1: now, $2: limit; oldest first) and applied as
 * one command on the task aggregate, which refuses it a second time (the contract of due-decision.ts).
 */
@Injectable()
export abstract class ReadModelDueSource implements DueDecisionSource {
  abstract readonly kind: string;
  protected abstract readonly dueSql: string;
  constructor(private readonly db: DataSource, private readonly commands: CommandBus) {}

  /** The command that applies the decision (taskId, submissionId as the row had them). */
  protected abstract command(d: DueDecision & { taskId: number; submissionId?: number }): ICommand;

  async due(now: Date, limit: number): Promise<DueDecision[]> {
    const rows: DueRow[] = await this.db.query(this.dueSql, [now, limit]);
    return rows.map((r) => ({
      key: r.key ?? String(r.submission_id ?? r.task_id), dueAt: new Date(r.due_at ?? now), taskId: r.task_id, submissionId: r.submission_id,
    }));
  }

  async decide(d: DueDecision): Promise<void> {
    await this.commands.execute(this.command(d as DueDecision & { taskId: number; submissionId?: number }));
  }
}
