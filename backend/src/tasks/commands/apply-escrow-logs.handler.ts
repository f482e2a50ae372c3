import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError } from '../../common/domain-error';
import { AggregateRepository } from '../../event-store/aggregate-repository';
import { EventStore } from '../../event-store/event-store';
import { chainFactKey } from '../../event-store/stored-event';
import { TaskAggregate } from '../domain/task.aggregate';
import { UsersReadRepository } from '../../users/users.read-repository';
import { ApplyEscrowLogsCommand, EscrowLog, EscrowLogOutcome } from './apply-escrow-logs.command';

const keyOf = (l: EscrowLog) => chainFactKey(l.fact.chainId, l.fact.txHash, l.fact.logIndex, l.fact.blockHash);

/**
 * Returns one outcome per log, per task. Logs whose idempotency key is already in the store are skipped
 * (a crash can leave a range half applied, and a re-read range may then hold old and new facts of the
 * same task). A funding or release that does not match what the app decided is an anomaly EVENT (so
 * projections and rebuilds agree); a log no rule can place (a refund of an escrow the task never saw) is
 * reported, not thrown, so one odd log never blocks the chain behind it; the audit lists them. The same
 * holds for a log whose decision throws for any other reason (a value no rule foresaw): that log is
 * 'rejected' with what threw, and the range, the task's other logs and the other tasks go on.
 *
 * All tasks load in one query and append in one transaction (AggregateRepository.executeMany); a task
 * another writer changed meanwhile (an approval, a payout request) fails the append as a whole, and the
 * range is decided again on fresh state.
 */
@CommandHandler(ApplyEscrowLogsCommand)
export class ApplyEscrowLogsHandler implements ICommandHandler<ApplyEscrowLogsCommand, EscrowLogOutcome[][]> {
  constructor(
    private readonly repo: AggregateRepository,
    private readonly users: UsersReadRepository,
    private readonly store: EventStore,
  ) {}

  async execute({ tasks, options }: ApplyEscrowLogsCommand): Promise<EscrowLogOutcome[][]> {
    if (new Set(tasks.map((t) => t.taskId)).size !== tasks.length) throw new Error('ApplyEscrowLogs takes each task once');
    const keys = tasks.map((t) => t.logs.map(keyOf));
    const { result } = await this.repo.executeMany(
      () => tasks.map((t) => new TaskAggregate(t.taskId)),
      async (aggregates) => {
        // Read on every attempt: a conflict may come from another writer applying the same fact first.
        const seen = await this.store.appliedKeys(keys.flat());
        const wallets = await this.creatorWallets(aggregates.filter((a, i) => !a.unloadable && tasks[i].logs.some((l, j) => l.kind === 'funded' && !seen.has(keys[i][j]))));
        return aggregates.map((task, i) => decide(task, tasks[i].logs, keys[i], seen, wallets));
      },
      { actorId: null, source: 'indexer' },
      options.alsoInTransaction,
      options.waitForReadModels ?? true,
    );
    return result;
  }

  /** The linked wallet of each of these tasks' creators now (a funding counts only from it). */
  private async creatorWallets(tasks: TaskAggregate[]): Promise<Map<number, string | null>> {
    const ids = [...new Set(tasks.filter((t) => t.exists).map((t) => t.snapshot.creatorId))];
    return new Map(await Promise.all(ids.map(async (id) => [id, await this.users.linkedWallet(id)] as const)));
  }
}

/** One task's logs, in order, against its aggregate (the events it raises are appended by the caller). */
function decide(task: TaskAggregate, logs: EscrowLog[], keys: string[], seen: Set<string>, wallets: Map<number, string | null>): EscrowLogOutcome[] {
  if (task.unloadable) {
    const reason = `task ${task.id} cannot be loaded (${whatThrew(task.unloadable)})`;
    return logs.map((_, i): EscrowLogOutcome => (seen.has(keys[i]) ? { result: 'duplicate' } : { result: 'rejected', reason }));
  }
  if (!task.exists) return logs.map((): EscrowLogOutcome => ({ result: 'rejected', reason: `unknown task ${task.id}` }));
  const creatorWallet = wallets.get(task.snapshot.creatorId) ?? null;
  // Whatever refuses a log (a domain rule, or a value no rule foresaw that makes a decision throw) refuses this
  // log alone, all of it (decideEach): the task's other logs and every other task of the range are appended as decided.
  const decided = task.decideEach(logs, (log, i) => {
    if (!seen.has(keys[i])) task.applyEscrowLog(log, creatorWallet);
  });
  return decided.map((d, i): EscrowLogOutcome => {
    if (seen.has(keys[i])) return { result: 'duplicate' };
    return d.refused ? { result: 'rejected', reason: refusal(d.error) } : { result: 'applied' };
  });
}

/** The recorded reason of a refused log: the domain's message, or what threw. */
function refusal(err: unknown): string {
  return err instanceof DomainError ? err.message : `cannot be applied (${whatThrew(err)})`;
}

/** What threw, bounded: it is stored with every log it refuses. */
function whatThrew(err: unknown): string {
  const text = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}
