import { escrowKey as chainEscrowKey } from '@cent/contracts';

/** The terms a TaskEscrow v2 escrow is identified by (together with its funder). Base units, unix seconds. */
export interface EscrowTerms {
  taskId: bigint | number | string;
  reward: bigint | string;
  maxCompletions: bigint | number | string;
  deadline: bigint | number | string;
}

/**
 * Keys already derived. The task JSON carries the key of every task not yet funded (its creator's wallet +
 * its terms), and one derivation (ABI encoding + keccak256) costs ~0.1-0.3 ms: per row of every list answer
 * that was most of a cached page's cost. Inputs of a task rarely change, so a bounded map of the recent ones
 * keeps lists and dashboards from deriving the same keys again.
 */
const derived = new Map<string, string>();
const MAX_DERIVED = 50_000;

/**
 * `TaskEscrow.escrowKey(funder, taskId, reward, maxCompletions, deadline)` (the contracts workspace's
 * derivation, shared with the indexer): the app computes the key of the one escrow it recognises for a
 * task (the creator's wallet + the task's terms) and checks every funding log's key against it, so a
 * contract emitting another key than the one it stores is caught.
 */
export function escrowKey(funder: string, t: EscrowTerms): string {
  const id = `${funder}|${t.taskId}|${t.reward}|${t.maxCompletions}|${t.deadline}`;
  let key = derived.get(id);
  if (key === undefined) {
    key = chainEscrowKey(funder, BigInt(t.taskId), BigInt(t.reward), BigInt(t.maxCompletions), BigInt(t.deadline));
    if (derived.size >= MAX_DERIVED) derived.delete(derived.keys().next().value as string);
    derived.set(id, key);
  }
  return key;
}
