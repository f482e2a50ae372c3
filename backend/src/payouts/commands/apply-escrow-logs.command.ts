import { ChainFact } from '../../tasks/task.events';

/**
 * One decoded TaskEscrow (v2) log, as the indexer hands it to the domain. `key` is the escrow key
 * (keccak256(funder, taskId, reward, maxCompletions, deadline)); the indexer maps a key to its task id
 * through the TaskFunded log that created it. Amounts in base units, deadline in unix seconds.
 */
export type EscrowLog =
  | {
      kind: 'funded';
      fact: ChainFact;
      key: string;
      funder: string;
      reward: bigint;
      maxCompletions: number;
      deadline: number;
      amount: bigint;
    }
  | { kind: 'released'; fact: ChainFact; key: string; submissionId: number; recipient: string; amount: bigint }
  | { kind: 'refunded'; fact: ChainFact; key: string; amount: bigint };

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
