import { getAddress, keccak256 } from "ethers";

/** One ABI word: `value` as a uint of `bits` bits, 64 hex digits; out of range throws as the ABI coder does. */
function uintWord(name: string, value: bigint | number | string, bits: number): string {
  const v = BigInt(value);
  if (v < 0n || v >= 1n << BigInt(bits)) throw new RangeError(`escrowKey: ${name} ${v} is out of range for uint${bits}`);
  return v.toString(16).padStart(64, "0");
}

/**
 * The TaskEscrow v2 escrow key of a funding, computed off-chain exactly as `TaskEscrow.escrowKey` does:
 * keccak256(abi.encode(funder, taskId, reward, maxCompletions, deadline)). `reward` in base units,
 * `deadline` in unix seconds. The five static values are encoded here as their five 32-byte words (what
 * abi.encode yields for them): ethers' AbiCoder took ~0.3 ms per key, most of deciding a funding log.
 */
export function escrowKey(
  funder: string,
  taskId: bigint | number | string,
  reward: bigint | string,
  maxCompletions: bigint | number | string,
  deadline: bigint | number | string,
): string {
  // getAddress validates the address (and a mixed-case checksum) as the ABI coder's address type does.
  const address = getAddress(funder).slice(2).toLowerCase().padStart(64, "0");
  return keccak256(
    "0x" +
      address +
      uintWord("taskId", taskId, 256) +
      uintWord("reward", reward, 128) +
      uintWord("maxCompletions", maxCompletions, 32) +
      uintWord("deadline", deadline, 64),
  );
}
