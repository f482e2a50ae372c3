import { AbiCoder, keccak256 } from "ethers";

/**
 * The TaskEscrow v2 escrow key of a funding, computed off-chain exactly as `TaskEscrow.escrowKey` does:
 * keccak256(abi.encode(funder, taskId, reward, maxCompletions, deadline)). `reward` in base units,
 * `deadline` in unix seconds.
 */
export function escrowKey(
  funder: string,
  taskId: bigint | number | string,
  reward: bigint | string,
  maxCompletions: bigint | number | string,
  deadline: bigint | number | string,
): string {
  return keccak256(
    AbiCoder.defaultAbiCoder().encode(
      ["address", "uint256", "uint128", "uint32", "uint64"],
      [funder, taskId, reward, maxCompletions, deadline],
    ),
  );
}
