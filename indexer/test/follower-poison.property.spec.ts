import fc from 'fast-check';
import { zeroPadValue, toBeHex } from 'ethers';
import { escrowKey, typechain } from '@cent/contracts';
import { escrowInterface } from '../src/chain/escrow-logs';
import { createAndFundTask, registerCreator } from './support/scenario';
import { IndexerInstance, Stack, eventually, startIndexer, startStack } from './support/stack';

const RUNS = Number(process.env.PROPERTY_DB_RUNS ?? 25);
const topicOf = (name: string) => escrowInterface.getEvent(name)!.topicHash;
const word = (v: bigint) => zeroPadValue(toBeHex(v), 32);
const edges = (bits: number) => [0n, 1n, (1n << BigInt(bits)) - 1n, 1n << BigInt(bits)].filter((v) => v < 1n << 256n);
const uint = (bits: number) => fc.oneof(fc.constantFrom(...edges(bits)), fc.bigInt({ min: 0n, max: (1n << BigInt(bits)) - 1n }));
const bytes32 = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => `0x${Buffer.from(b).toString('hex')}`);
const address = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => zeroPadValue(`0x${Buffer.from(b).toString('hex')}`, 32));

interface Emitted { topics: string[]; data: string }

/**
 * The follower itself against every extreme of every field, on a real anvil and PostgreSQL: a follower is
 * pointed at a contract that emits any log (LogEmitter, test only) and gets, in one transaction, TaskFunded /
 * RewardReleased / TaskRefunded logs with any words (0, 1, 2^k-1, 2^k for uint32 / uint64 / uint128 / uint256,
 * random keys and addresses, ids of real tasks), topics missing or extra, data cut short — followed by a
 * correct funding of a fresh task. Every escrow log gets a recorded outcome, the checkpoint passes the
 * block, and the correct funding is applied: the follower moves on.
 */
describe('the log follower against any log (property, real anvil + PostgreSQL)', () => {
  let stack: Stack;
  let idx: IndexerInstance;
  let emitter: ReturnType<typeof typechain.LogEmitter__factory.connect>;

  beforeAll(async () => {
    stack = await startStack();
    const signer = stack.chain.creators[2];
    const deployed = await new typechain.LogEmitter__factory(signer).deploy();
    await deployed.waitForDeployment();
    emitter = deployed;
    const block = (await deployed.deploymentTransaction()!.wait())!.blockNumber;
    idx = await startIndexer({ ...stack.env, ESCROW_ADDRESS: await deployed.getAddress(), ESCROW_DEPLOYMENT_BLOCK: String(block) }, { payouts: false });
  }, 120_000);

  afterAll(async () => {
    await idx?.close();
    await stack?.stop();
  });

  it('records an outcome for every log, passes the block, and applies the correct funding beside them', async () => {
    const creator = await registerCreator(idx.commands, stack.chain, 0);
    const real = await createAndFundTask(idx.commands, stack.chain, creator, { reward: 3, maxCompletions: 2, fund: false });
    const taskId = fc.oneof(fc.constant(BigInt(real.taskId)), uint(256), fc.constant(2n ** 31n - 1n));
    const key = fc.oneof(fc.constant(real.key.toLowerCase()), bytes32);
    /** Topics and data of one log, then maybe mangled (a topic dropped or added, data cut). */
    const funded = fc.tuple(key, taskId, address, uint(128), uint(32), uint(64), uint(256))
      .map(([k, t, f, r, m, d, a]) => ({ topics: [topicOf('TaskFunded'), k, word(t), f], data: `0x${[r, m, d, a].map((v) => word(v).slice(2)).join('')}` }));
    const released = fc.tuple(key, uint(256), address, uint(256))
      .map(([k, s, to, a]) => ({ topics: [topicOf('RewardReleased'), k, word(s), to], data: word(a) }));
    const refunded = fc.tuple(key, address, uint(256)).map(([k, f, a]) => ({ topics: [topicOf('TaskRefunded'), k, f], data: word(a) }));
    const other = fc.tuple(bytes32, bytes32).map(([t0, t1]) => ({ topics: [t0, t1], data: '0x' })); // not an escrow event: ignored
    const mangle = (l: Emitted) => fc.constantFrom('as is', 'as is', 'drop topic', 'extra topic', 'cut data').chain((how) =>
      how === 'drop topic' ? fc.constant({ ...l, topics: l.topics.slice(0, -1) })
        : how === 'extra topic' && l.topics.length < 4 ? bytes32.map((t) => ({ ...l, topics: [...l.topics, t] }))
          : how === 'cut data' ? fc.integer({ min: 0, max: Math.max(0, (l.data.length - 2) / 2 - 1) }).map((n) => ({ ...l, data: l.data.slice(0, 2 + 2 * n) }))
            : fc.constant(l));
    const log = fc.oneof(funded, released, refunded, other).chain(mangle);

    await fc.assert(
      fc.asyncProperty(fc.array(log, { minLength: 1, maxLength: 6 }), async (logs) => {
        // The correct funding of a fresh task, after the others in the same transaction.
        const fresh = await createAndFundTask(idx.commands, stack.chain, creator, { reward: 1, maxCompletions: 1, fund: false });
        const deadline = BigInt(Math.floor(fresh.deadline.getTime() / 1000));
        const good: Emitted = {
          topics: [topicOf('TaskFunded'), escrowKey(creator.wallet, BigInt(fresh.taskId), 10n ** 18n, 1n, deadline), word(BigInt(fresh.taskId)), zeroPadValue(creator.wallet, 32)],
          data: `0x${[10n ** 18n, 1n, deadline, 10n ** 18n].map((v) => word(v).slice(2)).join('')}`,
        };
        const receipt = await (await emitter.emitLogs([...logs, good], { gasLimit: 5_000_000n })).wait();
        await eventually(async () => Number((await idx.db.query(`SELECT block_number FROM indexer_checkpoints`))[0]?.block_number) >= receipt!.blockNumber, 30_000, 'checkpoint past the block');
        const escrowTopics = new Set(['TaskFunded', 'RewardReleased', 'TaskRefunded'].map(topicOf));
        const expected = [...logs, good].filter((l) => escrowTopics.has(l.topics[0]));
        const rows = await idx.db.query(`SELECT log_index, outcome FROM indexer_applied_logs WHERE tx_hash = $1 ORDER BY log_index`, [receipt!.hash.toLowerCase()]);
        expect(rows).toHaveLength(expected.length);
        for (const r of rows) expect(r.outcome).toMatch(/^(applied|duplicate|rejected: .+)$/);
        expect(rows[rows.length - 1].outcome).toBe('applied');
        // The read models follow the committed range a moment later.
        await eventually(async () => (await idx.db.query(`SELECT funding_status FROM tasks WHERE id = $1`, [fresh.taskId]))[0]?.funding_status === 'funded', 20_000, 'fresh task funded');
      }),
      { numRuns: RUNS },
    );
  }, 600_000);
});
