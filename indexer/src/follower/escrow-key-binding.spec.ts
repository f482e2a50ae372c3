import { Wallet, id } from 'ethers';
import { escrowInterface, decodeEscrowLog } from '../chain/escrow-logs';
import { RawLog } from '../chain/chain-reader';
import { bindTaskIds } from './escrow-key-binding';

function raw(name: string, values: unknown[], logIndex: number): RawLog {
  const { data, topics } = escrowInterface.encodeEventLog(name, values);
  return {
    address: '0x0', topics, data, blockNumber: '0x10', logIndex: `0x${logIndex.toString(16)}`,
    blockHash: '0x' + 'ab'.repeat(32), transactionHash: '0x' + 'cd'.repeat(32),
  };
}

describe('bindTaskIds', () => {
  const funder = Wallet.createRandom().address;
  const recipient = Wallet.createRandom().address;
  const [inRange, earlier, unknown] = ['in range', 'earlier', 'unknown'].map((s) => id(s).toLowerCase());
  const warnings: string[] = [];
  const logger = { log: () => undefined, warn: (m: string) => warnings.push(m), error: () => undefined };

  it('binds releases and refunds to the task of the funding of their key; a key never funded is kept, rejected with its reason', async () => {
    const logs = [
      raw('TaskFunded', [inRange, 7, funder, 10n, 2, 1_900_000_000, 20n], 0),
      raw('RewardReleased', [inRange, 70, recipient, 10n], 1),
      raw('RewardReleased', [earlier, 80, recipient, 5n], 2),
      raw('TaskRefunded', [earlier, funder, 5n], 3),
      raw('RewardReleased', [unknown, 90, recipient, 5n], 4),
    ].map((r) => decodeEscrowLog(r, 31337)!);
    const asked: string[][] = [];
    const recorded = async (keys: string[]) => {
      asked.push(keys);
      return new Map(keys.filter((k) => k === earlier).map((k) => [k, '8']));
    };
    const bound = await bindTaskIds(logs, recorded, logger);
    expect(asked).toEqual([[earlier, unknown]]); // one lookup, only for keys not funded in the range
    expect(bound.map((l) => [l.event, l.taskId, l.domain?.kind ?? null, l.rejected])).toEqual([
      ['TaskFunded', '7', 'funded', null],
      ['RewardReleased', '7', 'released', null],
      ['RewardReleased', '8', 'released', null],
      ['TaskRefunded', '8', 'refunded', null],
      ['RewardReleased', null, null, `escrow ${unknown} was never funded as far as this indexer saw`],
    ]);
    expect(warnings).toEqual([expect.stringContaining(unknown)]);
  });

  it('does not query when every key is funded in the range', async () => {
    const logs = [raw('TaskFunded', [inRange, 7, funder, 10n, 2, 1_900_000_000, 20n], 0)].map((r) => decodeEscrowLog(r, 1)!);
    const bound = await bindTaskIds(logs, async () => { throw new Error('no lookup expected'); }, logger);
    expect(bound).toHaveLength(1);
  });
});
