import { AbiCoder, keccak256 } from 'ethers';

const coder = AbiCoder.defaultAbiCoder();

/** The terms a TaskEscrow v2 escrow is identified by (together with its funder). Base units, unix seconds. */
export interface EscrowTerms {
  taskId: bigint | number | string;
  reward: bigint | string;
  maxCompletions: bigint | number | string;
  deadline: bigint | number | string;
}

/**
 * `TaskEscrow.escrowKey(funder, taskId, reward, maxCompletions, deadline)`:
 * keccak256(abi.encode(funder, taskId, reward, maxCompletions, deadline)). The app computes the key of
 * the one escrow it recognises for a task (the creator's wallet + the task's terms) and checks every
 * funding log's key against it, so a contract emitting another key than the one it stores is caught.
 */
export function escrowKey(funder: string, t: EscrowTerms): string {
  return keccak256(
    coder.encode(
      ['address', 'uint256', 'uint128', 'uint32', 'uint64'],
      [funder, BigInt(t.taskId), BigInt(t.reward), BigInt(t.maxCompletions), BigInt(t.deadline)],
    ),
  );
}
