import fc from 'fast-check';
import { DomainError } from '../../common/domain-error';
import { escrowKey } from './escrow-key';
import { StoredEvent } from '../../event-store/stored-event';
import { TaskAggregate } from './task.aggregate';
import { TaskEvents as T } from './task.events';
import { EscrowLog } from './escrow-log';

/**
 * The funding, release and refund decisions against every extreme of every field a TaskEscrow v2 log can
 * carry (0, 1, 2^k-1 and 2^k-1's neighbours for uint32 / uint64 / uint128 / uint256, random keys and
 * addresses), on tasks awaiting funding, funded, with an approved submission waiting for its payout, and
 * refunded: a decision either raises events or refuses with a DomainError (recorded as 'rejected: …' by
 * ApplyEscrowLogs); it never throws anything else, and the task's funding status stays one of its four.
 */
const RUNS = Number(process.env.PROPERTY_RUNS ?? 800);

const CREATOR = '0x' + '11'.repeat(20);
const EARNER = '0x' + '22'.repeat(20);
const TASK_ID = 2 ** 31 - 1; // the largest backend id
const REWARD = 5n * 10n ** 18n;
const DEADLINE = BigInt(Date.parse('2030-01-01T00:00:00.000Z') / 1000);
const KEY = escrowKey(CREATOR, { taskId: TASK_ID, reward: REWARD, maxCompletions: 2n, deadline: DEADLINE });

let position = 0;
const stored = (version: number, type: string, data: Record<string, unknown>): StoredEvent => ({
  globalPosition: BigInt(++position), transactionId: 1n, streamId: `task-${TASK_ID}`, streamVersion: version, type, data, metadata: {}, createdAt: new Date(),
});
const fact = (n: number) => ({ chainId: 31337, txHash: `0x${n.toString(16).padStart(64, '0')}`, blockNumber: n, blockHash: '0x' + 'bb'.repeat(32), logIndex: 0 });

/** The task's stream up to one of its stages. */
function history(stage: 'awaiting' | 'funded' | 'approved' | 'refunded'): StoredEvent[] {
  const events = [
    stored(1, T.TaskCreated, {
      taskId: TASK_ID, creatorId: 10, title: 't', description: 'd', requirements: 'r', category: 'Content', reward: 5, maxCompletions: 2,
      estimatedTime: 1, deadline: '2030-01-01T00:00:00.000Z', submissionType: 'text', isActive: true, chainId: 31337,
      contractAddress: null, escrowAmount: (2n * REWARD).toString(), reviewWindowSeconds: 600, reviewCloseMarginSeconds: 60, createdAt: '2026-01-01T00:00:00.000Z',
    }),
  ];
  if (stage === 'awaiting') return events;
  events.push(stored(2, T.TaskFunded, { ...fact(1), taskId: TASK_ID, key: KEY, funder: CREATOR, reward: REWARD.toString(), maxCompletions: '2', deadline: DEADLINE.toString(), amount: (2n * REWARD).toString() }));
  if (stage === 'funded') return events;
  if (stage === 'refunded') return [...events, stored(3, T.TaskRefunded, { ...fact(2), taskId: TASK_ID, key: KEY, amount: (2n * REWARD).toString() })];
  return [
    ...events,
    stored(3, T.SubmissionSubmitted, { submissionId: 7, taskId: TASK_ID, userId: 20, proofLink: null, proofText: 'x', proofFileUrl: null, notes: null, createdAt: '' }),
    stored(4, T.SubmissionApproved, { submissionId: 7, taskId: TASK_ID, userId: 20, reviewerId: 10, feedback: null, reward: 5, reviewedAt: '' }),
    stored(5, T.PayoutRequested, { submissionId: 7, taskId: TASK_ID, userId: 20, recipient: EARNER, amount: REWARD.toString(), requestedBy: 10 }),
  ];
}

const edges = (bits: number) => [0n, 1n, 2n, (1n << BigInt(bits)) - 2n, (1n << BigInt(bits)) - 1n];
/** A uint of `bits`: its extremes, the task's own value (so exact terms come up), or anything in range. */
const uint = (bits: number, own?: bigint) =>
  fc.oneof(fc.constantFrom(...edges(bits), ...(own !== undefined ? [own] : [])), fc.bigInt({ min: 0n, max: (1n << BigInt(bits)) - 1n }));
const hex = (bytes: number) => fc.uint8Array({ minLength: bytes, maxLength: bytes }).map((b) => `0x${Buffer.from(b).toString('hex')}`);
const address = fc.oneof(fc.constantFrom(CREATOR, EARNER, '0x' + '00'.repeat(20), '0x' + 'ff'.repeat(20)), hex(20));
const key = fc.oneof(fc.constant(KEY), hex(32));
const backendId = fc.oneof(fc.constantFrom(1, 7, 2 ** 31 - 1), fc.integer({ min: 1, max: 2 ** 31 - 1 }));

let n = 100;
const funded = fc.record({ funder: address, reward: uint(128, REWARD), maxCompletions: uint(32, 2n), deadline: uint(64, DEADLINE), amount: uint(256, 2n * REWARD) })
  .map((t): EscrowLog => {
    const k = escrowKey(t.funder, { taskId: TASK_ID, ...t });
    return { kind: 'funded', fact: fact(++n), key: k, ...t };
  });
const released = fc.record({ key, submissionId: fc.oneof(fc.constant(7), backendId), recipient: address, amount: uint(256, REWARD) })
  .map((r): EscrowLog => ({ kind: 'released', fact: fact(++n), ...r }));
const refunded = fc.record({ key, funder: address, amount: uint(256, 2n * REWARD) }).map((r): EscrowLog => ({ kind: 'refunded', fact: fact(++n), ...r }));

describe('escrow decisions: every value of every log field (property)', () => {
  it('fund / release / refund either raise events or refuse with a DomainError, whatever the values, at every stage of the task', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('awaiting', 'funded', 'approved', 'refunded' as const),
        fc.constantFrom(CREATOR, null, EARNER),
        fc.array(fc.oneof(funded, released, refunded), { minLength: 1, maxLength: 8 }),
        (stage, creatorWallet, logs) => {
          const task = new TaskAggregate(TASK_ID).load(history(stage));
          for (const log of logs) {
            try {
              task.applyEscrowLog(log, creatorWallet);
            } catch (err) {
              expect(err).toBeInstanceOf(DomainError);
            }
          }
          expect(['awaiting_funding', 'funded', 'anomaly', 'refunded']).toContain(task.snapshot.escrow.status);
          for (const e of task.pullEvents()) expect(() => JSON.stringify(e.data)).not.toThrow();
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("a range's logs decided in one run (decideEach, sharing its copies) give what deciding each alone gives, and leave the loaded state as it was", () => {
    fc.assert(
      fc.property(
        fc.constantFrom('awaiting', 'funded', 'approved', 'refunded' as const),
        fc.constantFrom(CREATOR, null, EARNER),
        fc.array(fc.oneof(funded, released, refunded), { minLength: 1, maxLength: 12 }),
        (stage, creatorWallet, logs) => {
          const task = new TaskAggregate(TASK_ID).load(history(stage));
          const loaded = task.snapshot;
          const untouched = structuredClone(loaded);
          // Each log alone: a fresh aggregate from the state so far, so every decision copies what it changes.
          let state = loaded;
          const expected: unknown[] = [];
          const alone = logs.map((log) => {
            const probe = new TaskAggregate(TASK_ID).resume(state, task.version);
            try {
              probe.applyEscrowLog(log, creatorWallet);
            } catch {
              return true;
            }
            expected.push(...probe.pullEvents());
            state = probe.snapshot;
            return false;
          });
          const run = task.decideEach(logs, (log) => task.applyEscrowLog(log, creatorWallet));
          expect(run.map((r) => r.refused)).toEqual(alone);
          expect(task.pullEvents()).toEqual(expected);
          expect(task.snapshot).toEqual(state);
          expect(loaded).toEqual(untouched);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('a decision that throws after it raised events is undone whole: its events dropped, the state as before it, the next one decided', () => {
    // Submission 8 approved and requested beside 7: the run's first payout (8) makes the submissions Map a draft of
    // the run, which the second decision (7, then a throw) changes in place before it is undone.
    const withTwo = () => [
      ...history('approved'),
      stored(6, T.SubmissionSubmitted, { submissionId: 8, taskId: TASK_ID, userId: 21, proofLink: null, proofText: 'y', proofFileUrl: null, notes: null, createdAt: '' }),
      stored(7, T.SubmissionApproved, { submissionId: 8, taskId: TASK_ID, userId: 21, reviewerId: 10, feedback: null, reward: 5, reviewedAt: '' }),
      stored(8, T.PayoutRequested, { submissionId: 8, taskId: TASK_ID, userId: 21, recipient: EARNER, amount: REWARD.toString(), requestedBy: 10 }),
    ];
    const task = new TaskAggregate(TASK_ID).load(withTwo());
    const loaded = structuredClone(task.snapshot);
    const release = (n: number, submissionId: number): EscrowLog => ({ kind: 'released', fact: fact(n), key: KEY, submissionId, recipient: EARNER, amount: REWARD });
    const run = task.decideEach([8, 7, 7], (submissionId, i) => {
      task.applyEscrowLog(release(5_000 + i, submissionId), CREATOR);
      if (i === 1) throw new Error('a value no rule foresaw, after the payout was folded');
    });
    expect(run.map((r) => r.refused)).toEqual([false, true, false]);
    // 7's first payout is gone with its decision, so the next release of 7 is its payout, not a second one.
    expect(task.pullEvents().map((e) => [e.type, (e.data as { txHash: string }).txHash])).toEqual([
      [T.RewardReleased, fact(5_000).txHash],
      [T.RewardReleased, fact(5_002).txHash],
    ]);
    expect(task.snapshot.submissions.get(7)).toMatchObject({ payout: 'released', releasedTxHash: fact(5_002).txHash });
    expect(task.snapshot.released).toBe(2);
    expect(new TaskAggregate(TASK_ID).load(withTwo()).snapshot).toEqual(loaded);
  });

  it("a stranger's escrow beside a funded task is a stranger_escrow; if a reorganisation drops the task's own funding, the task awaits funding (not an anomaly)", () => {
    const stranger = '0x' + '44'.repeat(20);
    const task = new TaskAggregate(TASK_ID).load(history('funded'));
    const funding = { kind: 'funded' as const, fact: fact(2_000), key: escrowKey(stranger, { taskId: TASK_ID, reward: 1n, maxCompletions: 1n, deadline: DEADLINE }), funder: stranger, reward: 1n, maxCompletions: 1n, deadline: DEADLINE, amount: 1n };
    task.applyEscrowLog(funding, CREATOR);
    const [e] = task.pullEvents() as Array<{ type: string; data: any }>;
    expect(e.data).toMatchObject({ kind: 'stranger_escrow', recovery: expect.stringContaining('Nothing to do for the task') });
    expect(task.snapshot.escrow.status).toBe('funded');
    task.revertChainFact('funding', fact(1).txHash, 0);
    const [reverted] = task.pullEvents() as Array<{ type: string; data: any }>;
    expect(reverted).toMatchObject({ type: T.TaskFundingReverted, data: { target: 'escrow', fundingStatus: 'awaiting_funding' } });
    expect(task.snapshot.escrow.status).toBe('awaiting_funding');
  });

  it("issue 19's log: a stranger's fund(taskId, 1 wei, 1, 2^64-1) is a foreign funding with its reason and a date it can print", () => {
    const stranger = '0x' + '33'.repeat(20);
    const deadline = 2n ** 64n - 1n;
    const task = new TaskAggregate(TASK_ID).load(history('awaiting'));
    task.applyEscrowLog(
      { kind: 'funded', fact: fact(1_000), key: escrowKey(stranger, { taskId: TASK_ID, reward: 1n, maxCompletions: 1n, deadline }), funder: stranger, reward: 1n, maxCompletions: 1n, deadline, amount: 1n },
      CREATOR,
    );
    const [e] = task.pullEvents() as Array<{ type: string; data: any }>;
    expect(e.type).toBe(T.TaskFundingAnomalyDetected);
    expect(e.data).toMatchObject({ kind: 'foreign_funder', deadline: '18446744073709551615', maxCompletions: '1', reward: '1', amount: '1' });
    expect(e.data.reason).toContain('deadline unix time 18446744073709551615 instead of 2030-01-01T00:00:00.000Z');
    expect(e.data.recovery).toContain('after unix time 18446744073709552216');
  });
});
