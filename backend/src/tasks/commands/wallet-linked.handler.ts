import { Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { DomainError } from '../../common/domain-error';
import { AggregateRepository } from '../../event-store/aggregate-repository';
import { TaskAggregate } from '../domain/task.aggregate';
import { TaskEvents, TaskFundingAnomalyData } from '../domain/task.events';
import { upcastTaskEventData } from '../domain/task-event-upcaster';
import { UsersReadRepository } from '../../users/users.read-repository';
import { WalletLinkedCommand } from './wallet-linked.command';

export interface WalletLinkedOutcome {
  payoutsRequested: number[];
  tasksFunded: number[];
}

/**
 * The wallet-link reaction (issue 19 items 4 and 9). The work is found through the read models (never by
 * scanning the store): the user's approved submissions whose payout failed, and their tasks in `anomaly`;
 * each task's aggregate then decides on its own state whether anything changes. One task's failure is
 * logged and never stops the others. Run after every wallet link (LinkWalletHandler): a crash between the
 * link and this reaction is healed by linking the same wallet again, or by the earner's own release-reward.
 */
@CommandHandler(WalletLinkedCommand)
export class WalletLinkedHandler implements ICommandHandler<WalletLinkedCommand, WalletLinkedOutcome> {
  private readonly logger = new Logger('WalletLinked');

  constructor(
    private readonly repo: AggregateRepository,
    private readonly users: UsersReadRepository,
    private readonly db: DataSource,
  ) {}

  async execute({ userId }: WalletLinkedCommand): Promise<WalletLinkedOutcome> {
    const wallet = await this.users.linkedWallet(userId);
    const out: WalletLinkedOutcome = { payoutsRequested: [], tasksFunded: [] };
    if (!wallet) return out;
    const [waiting, anomalies] = await Promise.all([
      this.db.query(
        `SELECT id, task_id FROM submissions WHERE user_id = $1 AND status = 'approved' AND payout_status = 'failed' ORDER BY id`,
        [userId],
      ) as Promise<Array<{ id: number; task_id: number }>>,
      this.db.query(`SELECT id FROM tasks WHERE creator_id = $1 AND funding_status = 'anomaly' ORDER BY id`, [userId]) as Promise<Array<{ id: number }>>,
    ]);
    for (const s of waiting) {
      await this.isolated(`payout of submission ${s.id}`, async () => {
        const { result } = await this.repo.execute(
          () => new TaskAggregate(s.task_id),
          (task) => task.resumePayoutForWallet(s.id, wallet),
          { actorId: null },
        );
        if (result) out.payoutsRequested.push(s.id);
      });
    }
    for (const t of anomalies) {
      await this.isolated(`funding of task ${t.id}`, async () => {
        const strays = await this.strayFundings(t.id);
        const { result } = await this.repo.execute(
          () => new TaskAggregate(t.id),
          (task) => task.recheckFundings(strays, wallet),
          { actorId: null },
        );
        if (result) out.tasksFunded.push(t.id);
      });
    }
    return out;
  }

  /** The task's stray fundings as their events recorded them (one stream's events of one type). */
  private async strayFundings(taskId: number): Promise<TaskFundingAnomalyData[]> {
    const rows: Array<{ data: unknown }> = await this.db.query(
      `SELECT data FROM events WHERE stream_id = $1 AND event_type = $2 ORDER BY stream_version`,
      [TaskAggregate.streamId(taskId), TaskEvents.TaskFundingAnomalyDetected],
    );
    return rows.map((r) => upcastTaskEventData(TaskEvents.TaskFundingAnomalyDetected, r.data));
  }

  private async isolated(what: string, work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (err) {
      if (err instanceof DomainError) return; // the aggregate says there is nothing to do (refunded, decided meanwhile, ...)
      this.logger.error(`after a wallet link, ${what} could not be resumed: ${(err as Error).message}`);
    }
  }
}
