import { Wallet, zeroPadValue, toBeHex, id } from 'ethers';
import { decodeEscrowLog, escrowInterface, withTaskId } from './escrow-logs';
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
  const key = id('some escrow key').toLowerCase();

  it('decodes TaskFunded, with its key, task id and terms', () => {
    const d = decodeEscrowLog(rawLog('TaskFunded', [key, 7, creator, 10n ** 18n, 3, 1_900_000_000, 3n * 10n ** 18n]), 31337)!;
    expect(d).toMatchObject({ event: 'TaskFunded', key, taskId: '7', submissionId: null });
    expect(d.fact).toEqual({ chainId: 31337, txHash: '0x' + 'cd'.repeat(32), blockHash: '0x' + 'ab'.repeat(32), blockNumber: 16, logIndex: 2 });
    expect(d.domain).toEqual({
      kind: 'funded', fact: d.fact, key, funder: creator.toLowerCase(), reward: 10n ** 18n, maxCompletions: 3n, deadline: 1_900_000_000n,
      amount: 3n * 10n ** 18n,
    });
  });

  it('decodes RewardReleased: no task id until bound to the funding of its key', () => {
    const d = decodeEscrowLog(rawLog('RewardReleased', [key, 123, recipient, 5n * 10n ** 18n]), 1)!;
    expect(d).toMatchObject({ event: 'RewardReleased', key, taskId: null, submissionId: '123', domain: null });
    const bound = withTaskId(d, '9');
    expect(bound.taskId).toBe('9');
    expect(bound.domain).toEqual({ kind: 'released', fact: d.fact, key, submissionId: 123, recipient: recipient.toLowerCase(), amount: 5n * 10n ** 18n });
  });

  it('decodes TaskRefunded', () => {
    const d = decodeEscrowLog(rawLog('TaskRefunded', [key, creator, 42n]), 1)!;
    expect(d).toMatchObject({ event: 'TaskRefunded', key, taskId: null });
    expect(withTaskId(d, '9').domain).toEqual({ kind: 'refunded', fact: d.fact, key, funder: creator.toLowerCase(), amount: 42n });
  });

  it('keeps ids the backend cannot have as rejected (domain null) and ignores other events', () => {
    const funded = decodeEscrowLog(rawLog('TaskFunded', [key, 2n ** 200n, creator, 1n, 1, 1_900_000_000, 1n]), 1)!;
    expect(funded).toMatchObject({ taskId: (2n ** 200n).toString(), domain: null });
    const released = decodeEscrowLog(rawLog('RewardReleased', [key, 2n ** 40n, recipient, 1n]), 1)!;
    expect(withTaskId(released, '3')).toMatchObject({ taskId: '3', submissionId: (2n ** 40n).toString(), domain: null });
    expect(withTaskId(released, (2n ** 200n).toString()).domain).toBeNull();
    const role = escrowInterface.encodeEventLog('RoleGranted', [zeroPadValue(toBeHex(1), 32), creator, creator]);
    expect(decodeEscrowLog({ ...rawLog('TaskRefunded', [key, creator, 1n]), ...role }, 1)).toBeNull();
  });
});
