import { AbiCoder, Wallet, keccak256 } from 'ethers';
import { escrowKey } from '@cent/contracts';

/** The reference: keccak256(abi.encode(...)) by ethers' ABI coder, as TaskEscrow.escrowKey computes it on chain. */
const reference = (funder: string, taskId: bigint, reward: bigint, max: bigint, deadline: bigint) =>
  keccak256(AbiCoder.defaultAbiCoder().encode(['address', 'uint256', 'uint128', 'uint32', 'uint64'], [funder, taskId, reward, max, deadline]));

describe('escrowKey (the five ABI words encoded by hand)', () => {
  it('is keccak256(abi.encode(funder, taskId, reward, maxCompletions, deadline)), bounds included', () => {
    const funders = [Wallet.createRandom().address, Wallet.createRandom().address.toLowerCase(), '0x' + '00'.repeat(20), '0x' + 'ff'.repeat(20)];
    const cases: Array<[bigint, bigint, bigint, bigint]> = [
      [0n, 0n, 0n, 0n],
      [1n, 10n ** 18n, 100n, 1_900_000_000n],
      [2n ** 256n - 1n, 2n ** 128n - 1n, 2n ** 32n - 1n, 2n ** 64n - 1n],
      [123_456_789n, 5n * 10n ** 18n, 7n, 2n ** 63n],
    ];
    for (const funder of funders) {
      for (const [taskId, reward, max, deadline] of cases) {
        expect(escrowKey(funder, taskId, reward, max, deadline)).toBe(reference(funder, taskId, reward, max, deadline));
      }
    }
  });

  it('refuses what the ABI coder refuses: values out of range, a bad address', () => {
    const funder = Wallet.createRandom().address;
    expect(() => escrowKey(funder, -1n, 1n, 1n, 1n)).toThrow();
    expect(() => escrowKey(funder, 1n, 2n ** 128n, 1n, 1n)).toThrow();
    expect(() => escrowKey(funder, 1n, 1n, 2n ** 32n, 1n)).toThrow();
    expect(() => escrowKey(funder, 1n, 1n, 1n, 2n ** 64n)).toThrow();
    expect(() => escrowKey('0x1234', 1n, 1n, 1n, 1n)).toThrow();
    const badChecksum = funder.slice(0, 2) + [...funder.slice(2)].map((c) => (/[a-f]/.test(c) ? c.toUpperCase() : /[A-F]/.test(c) ? c.toLowerCase() : c)).join('');
    if (badChecksum !== funder && badChecksum.toLowerCase() !== badChecksum && badChecksum.toUpperCase().slice(2) !== badChecksum.slice(2)) {
      expect(() => escrowKey(badChecksum, 1n, 1n, 1n, 1n)).toThrow();
    }
  });
});
