import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '../../common/domain-error';
import { AggregateRepository } from '../../event-store/aggregate-repository';
import { EventStore } from '../../event-store/event-store';
import { chainFactKey } from '../../event-store/stored-event';
import { TaskAggregate } from '../../tasks/task.aggregate';
import { UsersReadRepository } from '../../users/users.read-repository';
import { ApplyEscrowLogsCommand, EscrowLog, EscrowLogOutcome } from './apply-escrow-logs.command';

const keyOf = (l: EscrowLog) => chainFactKey(l.fact.chainId, l.fact.txHash, l.fact.logIndex, l.fact.blockHash);

/**
 * Returns one outcome per log. Logs whose idempotency key is already in the store are skipped up front
 * (a crash can leave a range half applied, and a re-read range may then hold old and new facts of the
 * same task: the store refuses an append that mixes them). A funding or release that does not match
 * what the app decided is an anomaly EVENT (so projections and rebuilds agree); a log no rule can place
 * (a refund of an escrow the task never saw) is reported, not thrown, so one odd log never blocks the
 * chain behind it; the audit lists them.
 */
@CommandHandler(ApplyEscrowLogsCommand)
export class ApplyEscrowLogsHandler implements ICommandHandler<ApplyEscrowLogsCommand, EscrowLogOutcome[]> {
  constructor(
    private readonly repo: AggregateRepository,
    private readonly users: UsersReadRepository,
    private readonly store: EventStore,
  ) {}

  async execute({ taskId, logs, waitForReadModels }: ApplyEscrowLogsCommand): Promise<EscrowLogOutcome[]> {
    const keys = logs.map(keyOf);
    const seen = await this.store.appliedKeys(keys);
    const { result } = await this.repo.execute(
      () => new TaskAggregate(taskId),
      async (task) => {
        const outcomes: EscrowLogOutcome[] = [];
        if (!task.exists) return logs.map((): EscrowLogOutcome => ({ result: 'rejected', reason: `unknown task ${taskId}` }));
        const needsCreator = logs.some((l, i) => l.kind === 'funded' && !seen.has(keys[i]));
        const creatorWallet = needsCreator ? await this.users.linkedWallet(task.snapshot.creatorId) : null;
        logs.forEach((log, i) => {
          if (seen.has(keys[i])) return outcomes.push({ result: 'duplicate' });
          try {
            task.applyEscrowLog(log, creatorWallet);
            outcomes.push({ result: 'applied' });
          } catch (err) {
            if (!(err instanceof DomainError)) throw err;
            outcomes.push({ result: 'rejected', reason: err.message });
          }
        });
        return outcomes;
      },
      { actorId: null, source: 'indexer' },
      () => ({}),
      waitForReadModels,
    );
    return result;
  }
}
