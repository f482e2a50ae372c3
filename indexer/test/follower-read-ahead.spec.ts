import { CENT } from './support/escrow-chain';
import { IndexerInstance, Stack, eventually, startIndexer, startStack, within } from './support/stack';
import { TaskOnChain, createAndFundTask, registerCreator } from './support/scenario';
import { toHex } from '../src/chain/json-rpc';

const unix = (d: Date) => BigInt(Math.floor(d.getTime() / 1000));

/**
 * Catching up, the follower reads range N+1 from the chain while range N is applied (the RPC node, decoding and
 * PostgreSQL overlap instead of taking turns). The range read ahead is used only as the range after the very
 * checkpoint N committed, and only while its last block is still canonical: blocks dropped meanwhile are never
 * applied (not applied and then compensated). Real anvil, real PostgreSQL; the follower stepped by hand, two
 * blocks a range, its RPC requests recorded on their way out.
 */
describe('the follower reads the next range while applying one', () => {
  let stack: Stack;
  let domain: IndexerInstance;
  let creator: Awaited<ReturnType<typeof registerCreator>>;

  beforeAll(async () => {
    stack = await startStack();
    domain = await startIndexer(stack.env, { start: false, payouts: false });
    creator = await registerCreator(domain.commands, stack.chain, 0);
  });

  afterAll(async () => {
    await domain?.close();
    await stack?.stop();
  });

  const checkpoint = async () => Number((await domain.db.query(`SELECT block_number FROM indexer_checkpoints`))[0].block_number);
  const fundingsOf = async (taskId: number) =>
    Number((await domain.db.query(`SELECT count(*) AS n FROM events WHERE stream_id = $1 AND event_type = 'TaskFunded'`, [`task-${taskId}`]))[0].n);

  /**
   * An indexer of two blocks a range whose RPC requests are recorded with the step that was running. `hold`
   * keeps a request from leaving until `release` (a node that does not answer it, as a frozen RPC would).
   */
  async function recordedIndexer(hold: (method: string, params: unknown[]) => boolean = () => false) {
    const indexer = await startIndexer({ ...stack.env, INDEXER_BATCH_BLOCKS: '2' }, { start: false, payouts: false });
    const requests: Array<{ step: number; method: string; params: unknown[]; done: boolean }> = [];
    const state = { step: -1 };
    const rpc = indexer.runner.rpc;
    const send = rpc.request.bind(rpc);
    let release = () => {};
    const released = new Promise<void>((r) => (release = r));
    rpc.request = async <T>(method: string, params: unknown[] = []) => {
      const entry = { step: state.step, method, params, done: false };
      requests.push(entry);
      if (hold(method, params)) await released;
      const result = await send<T>(method, params);
      entry.done = true;
      return result;
    };
    const step = async () => {
      state.step += 1;
      return indexer.runner.follower.step();
    };
    return { indexer, requests, step, release };
  }

  async function fundTasks(n: number): Promise<TaskOnChain[]> {
    const tasks: TaskOnChain[] = [];
    for (let i = 0; i < n; i++) {
      const t = await createAndFundTask(domain.commands, stack.chain, creator, { reward: 1, maxCompletions: 1, fund: false });
      await (await stack.chain.escrow.connect(creator.signer).fund(t.taskId, CENT, 1, unix(t.deadline))).wait();
      tasks.push(t);
    }
    return tasks;
  }

  it('asks for the next range while applying one, and reads each range once', async () => {
    const tasks = await fundTasks(6);
    const head = await stack.anvil.provider.getBlockNumber();
    const { indexer, requests, step } = await recordedIndexer();
    try {
      await indexer.runner.follower.resume();
      const checkpoints = [await checkpoint()];
      for (let more = true, n = 0; more && n < 100; n++) {
        more = await step();
        checkpoints.push(await checkpoint());
      }
      expect(checkpoints[checkpoints.length - 1]).toBe(head);
      const ranges = checkpoints.length - 1;
      expect(ranges).toBeGreaterThan(2);
      // Range k (blocks checkpoints[k] + 1 .. checkpoints[k + 1]), k >= 1, was asked for while step k - 1 ran:
      // its last block's header is the first thing its read asks, before step k - 1 applies anything.
      for (let k = 1; k < ranges; k++) {
        const first = requests.find((r) => r.method === 'eth_getBlockByNumber' && r.params[0] === toHex(checkpoints[k + 1]));
        expect({ range: k, askedIn: first?.step }).toEqual({ range: k, askedIn: k - 1 });
      }
      // Each range's logs were read once: a range read ahead is not read again.
      const logReads = requests.filter((r) => r.method === 'eth_getLogs').map((r) => (r.params[0] as { fromBlock: string }).fromBlock);
      expect(logReads).toEqual(checkpoints.slice(0, -1).map((c) => toHex(c + 1)));
      // At the head the follower does not read ahead: nothing past the head was asked for.
      expect(requests.some((r) => r.method === 'eth_getBlockByNumber' && r.params[0] === toHex(head + 1))).toBe(false);
      for (const t of tasks) expect(await fundingsOf(t.taskId)).toBe(1);
    } finally {
      await indexer.close();
    }
  });

  it('never applies a range read ahead whose blocks were dropped meanwhile; it follows the new chain', async () => {
    const { indexer, requests, step } = await recordedIndexer();
    try {
      await indexer.runner.follower.resume();
      while (await step()); // at the head
      const start = await checkpoint();
      const kept = await fundTasks(2); // blocks start + 1, start + 2: the first range
      const snapshot = await stack.anvil.rpc<string>('evm_snapshot');
      const dropped = await fundTasks(2); // blocks start + 3, start + 4: read ahead, then dropped
      expect(await stack.anvil.provider.getBlockNumber()).toBe(start + 4);
      expect(await step()).toBe(true);
      expect(await checkpoint()).toBe(start + 2);
      // The read ahead of the dropped blocks has finished: its logs are in memory.
      await eventually(async () => requests.some((r) => r.method === 'eth_getLogs' && (r.params[0] as { fromBlock: string }).fromBlock === toHex(start + 3) && r.done), 10_000, 'the range read ahead');

      // Another history from block start + 3: a different funding and a longer chain.
      expect(await stack.anvil.rpc('evm_revert', [snapshot])).toBe(true);
      creator.signer.reset(); // its nonces went back with the chain
      const replacement = await fundTasks(1);
      for (let i = 0; i < 3; i++) await stack.anvil.rpc('evm_mine');

      for (let more = true, n = 0; more && n < 20; n++) more = await step();
      expect(await checkpoint()).toBe(await stack.anvil.provider.getBlockNumber());
      for (const t of dropped) expect(await fundingsOf(t.taskId)).toBe(0);
      for (const t of [...kept, ...replacement]) expect(await fundingsOf(t.taskId)).toBe(1);
      expect(await domain.db.query(`SELECT count(*)::int AS n FROM events WHERE event_type = 'TaskFundingReverted'`)).toEqual([{ n: 0 }]);
    } finally {
      await indexer.close();
    }
  });
  it('drops a range read ahead for a checkpoint that is gone without waiting for its read', async () => {
    const blocked = { first: true, block: -1 };
    // The read ahead's first request (the header of its last block) gets no answer until released.
    const a = await recordedIndexer((method, params) => {
      if (method !== 'eth_getBlockByNumber' || params[0] !== toHex(blocked.block) || !blocked.first) return false;
      blocked.first = false;
      return true;
    });
    const b = await startIndexer({ ...stack.env, INDEXER_BATCH_BLOCKS: '2' }, { start: false, payouts: false });
    try {
      await a.indexer.runner.follower.resume();
      while (await a.step()); // at the head
      const start = await checkpoint();
      blocked.block = start + 4;
      await fundTasks(4); // blocks start + 1 .. start + 4: two ranges
      expect(await a.step()).toBe(true); // applies start + 1 .. start + 2 and reads ahead; the read hangs
      expect(await checkpoint()).toBe(start + 2);
      expect(blocked.first).toBe(false);
      // Another follower (a new leader) applies the next range: this follower's read ahead is for a checkpoint gone.
      await b.runner.follower.resume();
      while (await b.runner.follower.step());
      expect(await checkpoint()).toBe(start + 4);
      // The next step drops it without waiting for the read that still hangs, and finds nothing left to read.
      expect(await within(a.step(), 10_000, 'a step behind a read ahead that hangs')).toBe(false);
      expect(a.requests.find((r) => r.params[0] === toHex(start + 4))?.done).toBe(false);
      expect(await checkpoint()).toBe(start + 4);
    } finally {
      a.release();
      await b.close();
      await a.indexer.close();
    }
  });
});
