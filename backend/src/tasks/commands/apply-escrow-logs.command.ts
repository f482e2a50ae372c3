import { EntityManager } from 'typeorm';
import { EscrowLog } from '../domain/escrow-log';

export type { EscrowLog, FundedLog, RefundedLog, ReleasedLog } from '../domain/escrow-log';

/** What became of one log: appended, already there (a replay), or refused by a domain rule. */
export type EscrowLogOutcome = { result: 'applied' } | { result: 'duplicate' } | { result: 'rejected'; reason: string };

/** The escrow logs of ONE task within a block range, in (block, logIndex) order. */
export interface TaskEscrowLogs {
  taskId: number;
  logs: EscrowLog[];
}

export interface ApplyEscrowLogsOptions {
  /**
   * false: return once the events are stored, without waiting for the read models (default true, so the
   * next read shows them).
   */
  waitForReadModels?: boolean;
  /**
   * Runs in the transaction that appends the events, before its commit, with the outcomes about to be
   * committed: the indexer stores them and its checkpoint there, so a range's facts and the checkpoint past
   * them commit together or not at all. Runs again if the append is retried.
   */
  alsoInTransaction?: (m: EntityManager, outcomes: EscrowLogOutcome[][]) => Promise<void>;
}

/**
 * From the indexer: the escrow logs of one block range, grouped per task (each task at most once). This
 * is the only way chain facts enter the domain: fundings, releases and refunds, each checked against what
 * the app decided (a mismatch is recorded as an anomaly event, never believed). Every task is decided on
 * its own aggregate; all of them append in ONE transaction (most ranges hold one or two logs of each of
 * many tasks, and a transaction per task made indexing a small fraction of the raw `eth_getLogs` rate).
 * Answers one outcome per log, per task, in the order given.
 */
export class ApplyEscrowLogsCommand {
  constructor(readonly tasks: TaskEscrowLogs[], readonly options: ApplyEscrowLogsOptions = {}) {}

  /** One task's logs (tests, tools). */
  static forTask(taskId: number, logs: EscrowLog[]): ApplyEscrowLogsCommand {
    return new ApplyEscrowLogsCommand([{ taskId, logs }]);
  }
}
