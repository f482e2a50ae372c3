import { ChainFact } from '../../tasks/task.events';

/** One decoded TaskEscrow log, as the indexer hands it to the domain. */
export type EscrowLog =
  | { kind: 'funded'; fact: ChainFact; funder: string; amount: bigint }
  | { kind: 'released'; fact: ChainFact; submissionId: number; recipient: string; amount: bigint }
  | { kind: 'refunded'; fact: ChainFact; amount: bigint };

/** What became of one log: appended, already there (a replay), or refused by a domain rule. */
export type EscrowLogOutcome = { result: 'applied' } | { result: 'duplicate' } | { result: 'rejected'; reason: string };

/**
 * From the indexer: the escrow logs of ONE task within one block range, in (block, logIndex) order,
 * applied as one decision and one append. The per-log commands (RecordTaskFunding, RecordRewardReleased,
 * RecordTaskRefund) do the same one log at a time; this batched form exists for throughput (a
 * releaseBatch of 200 payouts is 200 logs of one task) and gives the same events.
 */
export class ApplyEscrowLogsCommand {
  constructor(readonly taskId: number, readonly logs: EscrowLog[]) {}
}
