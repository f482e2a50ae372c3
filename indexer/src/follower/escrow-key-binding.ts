import { DecodedLog, withTaskId } from '../chain/escrow-logs';
import { Logger } from '../chain/json-rpc';

/** Task ids (decimal strings) of the escrow keys whose TaskFunded logs were recorded before. */
export type FundedTaskIds = (keys: string[]) => Promise<Map<string, string>>;

/**
 * TaskEscrow v2 releases and refunds name an escrow key, not a task: a key belongs to the task id its
 * TaskFunded log named (the key hashes that id, so no other log can claim it). Binds every RewardReleased /
 * TaskRefunded to that task id, from a TaskFunded earlier in the same range or recorded in an earlier one.
 * A log whose key was never funded through a TaskFunded this indexer saw cannot be a fact of any task: it
 * stays unbound (task id null) and is recorded as rejected with that reason, never handed to the domain.
 */
export async function bindTaskIds(logs: DecodedLog[], recorded: FundedTaskIds, logger: Logger): Promise<DecodedLog[]> {
  const taskOf = new Map<string, string>();
  // Only decoded fundings create a key (an undecodable one is recorded as rejected and names no escrow).
  for (const l of logs) if (l.event === 'TaskFunded' && l.log && l.taskId !== null) taskOf.set(l.key, l.taskId);
  const unbound = (l: DecodedLog) => l.taskId === null && l.log !== null;
  const missing = [...new Set(logs.filter((l) => unbound(l) && !taskOf.has(l.key)).map((l) => l.key))];
  if (missing.length) for (const [key, taskId] of await recorded(missing)) taskOf.set(key, taskId);
  return logs.map((l) => {
    if (!unbound(l)) return l;
    const taskId = taskOf.get(l.key);
    if (taskId !== undefined) return withTaskId(l, taskId);
    logger.warn(`${l.event} of escrow ${l.key} (never funded as far as this indexer saw) in ${l.fact.txHash}: recorded as rejected`, {
      decision: 'log_rejected', event: l.event, escrowKey: l.key, submissionId: l.submissionId, txHash: l.fact.txHash, logIndex: l.fact.logIndex,
    });
    return { ...l, rejected: `escrow ${l.key} was never funded as far as this indexer saw` };
  });
}
