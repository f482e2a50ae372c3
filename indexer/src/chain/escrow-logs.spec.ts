import { Wallet, zeroPadValue, toBeHex } from 'ethers';
import { escrowKey } from '@cent/backend';
import { decodeEscrowLog, escrowInterface } from './escrow-logs';
import { RawLog } from './chain-reader';

/** The hand decoder against ethers' generic one, for every escrow event. */
function rawLog(name: string, values: unknown[]): RawLog {
  const { data, topics } = escrowInterface.encodeEventLog(name, values);
  return {
    address: '0x0', topics, data, blockNumber: '0x10', logIndex: '0x2',
    blockHash: '0x' + 'AB'.repeat(32), transactionHash: '0x' + 'CD'.repeat(32),
  };
}

describe('decodeEscrowLog', () => {
  const creator = Wallet.createRandom().address;
  const recipient = Wallet.createRandom().address;

  it('decodes TaskFunded', () => {
    const d = decodeEscrowLog(rawLog('TaskFunded', [7, creator, 10n ** 18n, 3, 1_900_000_000, 3n * 10n ** 18n]), 31337)!;
    expect(d).toMatchObject({ event: 'TaskFunded', taskId: '7', submissionId: null });
    expect(d.fact).toEqual({ chainId: 31337, txHash: '0x' + 'cd'.repeat(32), blockHash: '0x' + 'ab'.repeat(32), blockNumber: 16, logIndex: 2 });
    const terms = { reward: 10n ** 18n, maxCompletions: 3n, deadline: 1_900_000_000n };
    expect(d.domain).toEqual({
      kind: 'funded', fact: d.fact, key: escrowKey(creator, { taskId: 7, ...terms }), funder: creator.toLowerCase(), ...terms, amount: 3n * 10n ** 18n,
    });
  });

  it('decodes RewardReleased', () => {
    const d = decodeEscrowLog(rawLog('RewardReleased', [9, 123, recipient, 5n * 10n ** 18n, creator]), 1)!;
    expect(d.domain).toEqual({ kind: 'released', fact: d.fact, key: null, submissionId: 123, recipient: recipient.toLowerCase(), amount: 5n * 10n ** 18n });
  });

  it('decodes TaskRefunded', () => {
    const d = decodeEscrowLog(rawLog('TaskRefunded', [9, creator, 42n]), 1)!;
    expect(d.domain).toEqual({ kind: 'refunded', fact: d.fact, key: null, funder: creator.toLowerCase(), amount: 42n });
  });

  it('keeps ids the backend cannot have as rejected (domain null) and ignores other events', () => {
    const d = decodeEscrowLog(rawLog('RewardReleased', [2n ** 200n, 1, recipient, 1n, creator]), 1)!;
    expect(d).toMatchObject({ taskId: (2n ** 200n).toString(), domain: null });
    const role = escrowInterface.encodeEventLog('RoleGranted', [zeroPadValue(toBeHex(1), 32), creator, creator]);
    expect(decodeEscrowLog({ ...rawLog('TaskRefunded', [1, creator, 1n]), ...role }, 1)).toBeNull();
  });
});
