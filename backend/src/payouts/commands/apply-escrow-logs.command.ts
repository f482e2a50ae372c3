import { EscrowLog } from '../../tasks/aggregate/escrow-log';

export type { EscrowLog, FundedLog, RefundedLog, ReleasedLog } from '../../tasks/aggregate/escrow-log';

/** What became of one log: appended, already there (a replay), or refused by a domain rule. */
export type EscrowLogOutcome = { result: 'applied' } | { result: 'duplicate' } | { result: 'rejected'; reason: string };

/**
 * From the indexer: the escrow logs of ONE task within one block range, in (block, logIndex) order,
 * applied as one decision and one append (a releaseBatch of 200 payouts is 200 logs of one task). This is
 * the only way chain facts enter the domain: fundings, releases and refunds, each checked against what
 * the app decided (a mismatch is recorded as an anomaly event, never believed).
 */
export class ApplyEscrowLogsCommand {
  /**
   * `waitForReadModels` false: return once the events are stored. The indexer applies a range's tasks that
   * way and waits for the read models once for the whole range (ProjectionRunner.waitForOwnAppends), instead
   * of one projection batch per task in turn.
   */
  constructor(readonly taskId: number, readonly logs: EscrowLog[], readonly waitForReadModels = true) {}
}
