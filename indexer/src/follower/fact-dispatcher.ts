import { CommandBus } from '@nestjs/cqrs';
import {
  ApplyEscrowLogsCommand,
  DomainError,
  EscrowLog,
  EscrowLogOutcome,
  RevertRewardReleasedCommand,
  RevertTaskChainFactCommand,
} from '@cent/backend';
import { Logger } from '../chain/json-rpc';
import { DecodedLog } from '../chain/escrow-logs';
import { AppliedLogRow } from './checkpoint-store';

/** What the dispatcher waits on once a range is stored (the backend's ProjectionRunner). */
export interface ReadModels {
  waitForOwnAppends(): Promise<void>;
}

/** Turns decoded escrow logs into domain commands, and dropped ones into compensations. */
export class FactDispatcher {
  /**
   * With `readModels`, a task's command returns once its events are stored and the range waits for the read
   * models once, at its end: most ranges hold one or two logs of many tasks, and waiting for a projection
   * batch after each task in turn made indexing a small fraction of the raw `eth_getLogs` rate.
   */
  constructor(
    private readonly commands: CommandBus,
    private readonly logger: Logger,
    private readonly readModels?: ReadModels,
    private readonly concurrency = 8,
  ) {}

  /**
   * Applies a range's logs; returns one outcome string per log ('applied' | 'duplicate' | 'rejected: …')
   * once the read models show them. Logs are grouped per task (one decision and one append per task, in
   * (block, logIndex) order within it); different tasks are independent streams, so their groups run
   * concurrently.
   */
  async apply(logs: DecodedLog[]): Promise<string[]> {
    const outcomes: string[] = new Array(logs.length);
    const groups = new Map<number, Array<{ index: number; log: EscrowLog }>>();
    logs.forEach((l, index) => {
      if (!l.domain) {
        outcomes[index] = `rejected: task ${l.taskId} / submission ${l.submissionId} is not a backend id`;
        return;
      }
      const taskId = Number(l.taskId);
      const group = groups.get(taskId) ?? [];
      group.push({ index, log: l.domain });
      groups.set(taskId, group);
    });
    const queue = [...groups.entries()];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const [taskId, group] = next;
        const results: EscrowLogOutcome[] = await this.commands.execute(
          new ApplyEscrowLogsCommand(taskId, group.map((g) => g.log), !this.readModels),
        );
        results.forEach((r, i) => {
          outcomes[group[i].index] = r.result === 'rejected' ? `rejected: ${r.reason}` : r.result;
          if (r.result === 'rejected') {
            const l = logs[group[i].index];
            this.logger.warn(`${l.event} of task ${l.taskId} in ${l.fact.txHash}#${l.fact.logIndex} not applied: ${r.reason}`);
          }
        });
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.concurrency, queue.length) }, worker));
    if (this.readModels && groups.size) await this.readModels.waitForOwnAppends();
    return outcomes;
  }

  /** Appends the compensation of a fact whose block was dropped. Idempotent (a no-op if not in effect). */
  async compensate(row: AppliedLogRow): Promise<void> {
    if (row.outcome?.startsWith('rejected')) return; // nothing was appended for it
    const taskId = Number(row.taskId);
    if (!Number.isSafeInteger(taskId)) return;
    try {
      if (row.event === 'TaskFunded') await this.commands.execute(new RevertTaskChainFactCommand(taskId, 'funding', row.txHash, row.logIndex));
      else if (row.event === 'TaskRefunded') await this.commands.execute(new RevertTaskChainFactCommand(taskId, 'refund', row.txHash, row.logIndex));
      else if (row.event === 'RewardReleased') {
        await this.commands.execute(new RevertRewardReleasedCommand(taskId, Number(row.submissionId), row.txHash, row.logIndex));
      }
      this.logger.warn(`reorg: compensated ${row.event} of task ${row.taskId} from dropped block ${row.blockNumber} (${row.txHash})`);
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      this.logger.warn(`reorg: nothing to compensate for ${row.event} of task ${row.taskId}: ${err.message}`);
    }
  }
}
