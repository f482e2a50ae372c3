import { CommandBus } from '@nestjs/cqrs';
import { EntityManager } from 'typeorm';
import {
  ApplyEscrowLogsCommand,
  DomainError,
  EscrowLog,
  EscrowLogOutcome,
  RevertRewardReleasedCommand,
  RevertTaskChainFactCommand,
} from '@cent/backend';
import { Logger } from '../chain/json-rpc';
import { DecodedLog, backendId } from '../chain/escrow-logs';
import { AppliedLogRow } from './checkpoint-store';

/** What the follower waits on once a range is stored (the backend's ProjectionRunner). */
export interface ReadModels {
  waitForOwnAppends(): Promise<void>;
}

/** The range's own writes (outcomes, block hashes, checkpoint), made in the transaction of its facts. */
export type CommitRange = (m: EntityManager, outcomes: string[]) => Promise<void>;

/** Turns decoded escrow logs into domain commands, and dropped ones into compensations. */
export class FactDispatcher {
  constructor(
    private readonly commands: CommandBus,
    private readonly logger: Logger,
  ) {}

  /**
   * Applies a range's logs as ONE ApplyEscrowLogs command: logs grouped per task (in (block, logIndex)
   * order within it), every task decided on its own aggregate, all events appended in one transaction
   * together with `commit` (the range's outcomes and checkpoint). Returns one outcome string per log
   * ('applied' | 'duplicate' | 'rejected: …') once they are committed; the read models show them a little
   * later (the caller waits, see LogFollower).
   */
  async apply(logs: DecodedLog[], commit: CommitRange): Promise<string[]> {
    const outcomes: string[] = new Array(logs.length);
    const groups = new Map<number, Array<{ index: number; log: EscrowLog }>>();
    logs.forEach((l, index) => {
      if (!l.domain) {
        // Recorded with its reason and passed over: an undecodable log, an id no backend task can have, a key
        // never funded. Never a reason to fail the range.
        outcomes[index] = `rejected: ${l.rejected ?? 'not a fact of any task'}`;
        return;
      }
      // `domain` is set only for backend ids (withTaskId), so this is never null here.
      const taskId = backendId(l.taskId!)!;
      const group = groups.get(taskId) ?? [];
      group.push({ index, log: l.domain });
      groups.set(taskId, group);
    });
    const tasks = [...groups.entries()];
    const fill = (results: EscrowLogOutcome[][]) =>
      results.forEach((perTask, t) => perTask.forEach((r, i) => {
        outcomes[tasks[t][1][i].index] = r.result === 'rejected' ? `rejected: ${r.reason}` : r.result;
      }));
    const results: EscrowLogOutcome[][] = await this.commands.execute(
      new ApplyEscrowLogsCommand(tasks.map(([taskId, group]) => ({ taskId, logs: group.map((g) => g.log) })), {
        waitForReadModels: false,
        alsoInTransaction: async (m, decided) => {
          fill(decided);
          await commit(m, outcomes);
        },
      }),
    );
    fill(results);
    outcomes.forEach((o, i) => {
      const l = logs[i];
      if (o.startsWith('rejected')) {
        this.logger.warn(`${l.event} of task ${l.taskId} in ${l.fact.txHash}#${l.fact.logIndex} not applied: ${o.slice(10)}`, {
          decision: 'log_rejected', event: l.event, taskId: l.taskId, submissionId: l.submissionId, txHash: l.fact.txHash, logIndex: l.fact.logIndex,
          blockNumber: l.fact.blockNumber, reason: o.slice(10),
        });
      }
    });
    return outcomes;
  }

  /** Appends the compensation of a fact whose block was dropped. Idempotent (a no-op if not in effect). */
  async compensate(row: AppliedLogRow): Promise<void> {
    if (row.outcome?.startsWith('rejected')) return; // nothing was appended for it
    const taskId = Number(row.taskId);
    if (row.taskId === null || !Number.isSafeInteger(taskId)) return;
    try {
      if (row.event === 'TaskFunded') await this.commands.execute(new RevertTaskChainFactCommand(taskId, 'funding', row.txHash, row.logIndex));
      else if (row.event === 'TaskRefunded') await this.commands.execute(new RevertTaskChainFactCommand(taskId, 'refund', row.txHash, row.logIndex));
      else if (row.event === 'RewardReleased') {
        await this.commands.execute(new RevertRewardReleasedCommand(taskId, Number(row.submissionId), row.txHash, row.logIndex));
      }
      this.logger.warn(`reorg: compensated ${row.event} of task ${row.taskId} from dropped block ${row.blockNumber} (${row.txHash})`, {
        decision: 'log_compensated', event: row.event, taskId: row.taskId, submissionId: row.submissionId, txHash: row.txHash, blockNumber: row.blockNumber,
      });
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      this.logger.warn(`reorg: nothing to compensate for ${row.event} of task ${row.taskId}: ${err.message}`, {
        decision: 'log_compensation_skipped', event: row.event, taskId: row.taskId, submissionId: row.submissionId, txHash: row.txHash,
      });
    }
  }
}
