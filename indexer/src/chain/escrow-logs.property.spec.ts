import fc from 'fast-check';
import { Wallet, id } from 'ethers';
import { RawLog } from './chain-reader';
import { decodeEscrowLog, escrowInterface, withTaskId } from './escrow-logs';

/**
 * The decoder against every extreme of every field: whatever a log holds (any 256-bit word where the ABI
 * says uint32 / uint64 / uint128, truncated data, missing topics), decoding never throws, keeps every value
 * that fits its width exactly (bigint, no Number rounding), and marks every other log as rejected with a
 * reason, so the follower records it and goes on.
 */
const RUNS = Number(process.env.PROPERTY_RUNS ?? 800);

const topicOf = (name: string) => escrowInterface.getEvent(name)!.topicHash;
const word = (v: bigint) => v.toString(16).padStart(64, '0');
const topicWord = (v: bigint) => `0x${word(v)}`;
const addressWord = (a: string) => `0x${'0'.repeat(24)}${a.slice(2).toLowerCase()}`;

/** 0, 1, 2^k-1, 2^k for the field's width, plus the largest word (a log can carry any 32-byte word). */
const edges = (bits: number) => [0n, 1n, (1n << BigInt(bits)) - 1n, 1n << BigInt(bits), (1n << 256n) - 1n].filter((v) => v < 1n << 256n);
const uint = (bits: number) => fc.oneof(fc.constantFrom(...edges(bits)), fc.bigInt({ min: 0n, max: (1n << BigInt(bits)) - 1n }), fc.bigInt({ min: 0n, max: (1n << 256n) - 1n }));
const address = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => `0x${Buffer.from(b).toString('hex')}`);
const key = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => `0x${Buffer.from(b).toString('hex')}`);
const fits = (v: bigint, bits: number) => v < 1n << BigInt(bits);

function raw(topics: string[], data: string): RawLog {
  return {
    address: '0x0', topics, data, blockNumber: '0x10', logIndex: '0x2',
    blockHash: '0x' + 'ab'.repeat(32), transactionHash: '0x' + 'cd'.repeat(32),
  };
}

describe('decodeEscrowLog: every value of every field (property)', () => {
  it('TaskFunded: uint256 task id, uint128 reward, uint32 maxCompletions, uint64 deadline, uint256 amount', () => {
    fc.assert(
      fc.property(key, uint(256), address, uint(128), uint(32), uint(64), uint(256), (k, taskId, funder, reward, max, deadline, amount) => {
        const d = decodeEscrowLog(raw([topicOf('TaskFunded'), k, topicWord(taskId), addressWord(funder)], `0x${[reward, max, deadline, amount].map(word).join('')}`), 31337)!;
        expect(d.event).toBe('TaskFunded');
        expect(d.key).toBe(k);
        expect(d.taskId).toBe(taskId.toString());
        if (fits(reward, 128) && fits(max, 32) && fits(deadline, 64)) {
          expect(d.log).toEqual({ kind: 'funded', fact: d.fact, key: k, funder, reward, maxCompletions: max, deadline, amount });
          const backendId = taskId > 0n && taskId < 2n ** 31n;
          expect(d.domain === null).toBe(!backendId);
          expect(d.rejected === null).toBe(backendId);
        } else {
          expect(d.domain).toBeNull();
          expect(d.rejected).toMatch(/^undecodable: \w+ 0x[0-9a-f]+ does not fit uint(32|64|128)$/);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('RewardReleased: uint256 submission id, uint256 amount; bound to any task id', () => {
    fc.assert(
      fc.property(key, uint(256), address, uint(256), uint(256), (k, submissionId, recipient, amount, taskId) => {
        const d = decodeEscrowLog(raw([topicOf('RewardReleased'), k, topicWord(submissionId), addressWord(recipient)], `0x${word(amount)}`), 1)!;
        expect(d).toMatchObject({ event: 'RewardReleased', key: k, taskId: null, submissionId: submissionId.toString(), domain: null });
        const bound = withTaskId(d, taskId.toString());
        const ok = (v: bigint) => v > 0n && v < 2n ** 31n;
        if (ok(taskId) && ok(submissionId)) {
          expect(bound.domain).toEqual({ kind: 'released', fact: d.fact, key: k, submissionId: Number(submissionId), recipient, amount });
          expect(bound.rejected).toBeNull();
        } else {
          expect(bound.domain).toBeNull();
          expect(bound.rejected).toBe(`task ${taskId} / submission ${submissionId} is not a backend id`);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('TaskRefunded: uint256 amount, any funder', () => {
    fc.assert(
      fc.property(key, address, uint(256), (k, funder, amount) => {
        const d = decodeEscrowLog(raw([topicOf('TaskRefunded'), k, addressWord(funder)], `0x${word(amount)}`), 1)!;
        expect(withTaskId(d, '7').domain).toEqual({ kind: 'refunded', fact: d.fact, key: k, funder, amount });
      }),
      { numRuns: RUNS },
    );
  });

  it('a log of an escrow event with missing topics, short or odd data is rejected as undecodable, never thrown', () => {
    const names = ['TaskFunded', 'RewardReleased', 'TaskRefunded'];
    fc.assert(
      fc.property(fc.constantFrom(...names), fc.array(key, { maxLength: 4 }), fc.uint8Array({ maxLength: 200 }), fc.boolean(), (name, topics, data, odd) => {
        const hex = `0x${Buffer.from(data).toString('hex')}${odd ? 'f' : ''}`;
        const d = decodeEscrowLog(raw([topicOf(name), ...topics], hex), 1);
        expect(d).not.toBeNull();
        const expectedTopics = name === 'TaskRefunded' ? 2 : 3;
        const expectedWords = name === 'TaskFunded' ? 4 : 1;
        const wellFormed = topics.length === expectedTopics && !odd && data.length === 32 * expectedWords;
        if (!wellFormed) {
          expect(d!.domain).toBeNull();
          expect(d!.rejected).toMatch(/^undecodable: /);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('keeps the example of issue 19 exact: deadline 2^64-1 is 18446744073709551615, not 2^64', () => {
    const funder = Wallet.createRandom().address.toLowerCase();
    const k = id('stranger').toLowerCase();
    const d = decodeEscrowLog(raw([topicOf('TaskFunded'), k, topicWord(7n), addressWord(funder)], `0x${[1n, 1n, 2n ** 64n - 1n, 1n].map(word).join('')}`), 1)!;
    expect(d.domain).toMatchObject({ deadline: 18446744073709551615n, maxCompletions: 1n, reward: 1n, amount: 1n });
  });
});
