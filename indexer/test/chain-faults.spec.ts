/**
 * A frozen or refusing chain under the API (a TCP proxy in front of anvil): the escrow view answers within
 * CHAIN_TIMEOUT_MS with "chain unreachable, last block seen N at T" next to what the app knows, readiness
 * reports the chain apart from the database, and routes that need no chain stay as fast as ever.
 */
import request from 'supertest';
import { startTestApp, startTcpProxy, TcpProxy } from '@cent/backend/testing';
import { IndexerInstance, Stack, eventually, startIndexer, startStack } from './support/stack';
import { createAndFundTask, registerCreator, taskRow } from './support/scenario';

const CHAIN_TIMEOUT_MS = 1500;
const UNREACHABLE = /^Chain unreachable, last block seen (\d+) at (\d{4}-\d\d-\d\dT[\d:.]+Z)$/;

async function timed<T>(work: () => PromiseLike<T>): Promise<{ value: T; ms: number }> {
  const t0 = Date.now();
  const value = await work();
  return { value, ms: Date.now() - t0 };
}

describe('the chain frozen or refusing under the API', () => {
  let stack: Stack;
  let idx: IndexerInstance;
  let proxy: TcpProxy;

  beforeAll(async () => {
    stack = await startStack();
    idx = await startIndexer(stack.env, { payouts: false });
    proxy = await startTcpProxy(stack.anvil.url);
  });

  afterAll(async () => {
    proxy?.thaw();
    await proxy?.close();
    await idx?.close();
    await stack?.stop();
  });

  it('the escrow view says "chain unreachable, last block seen N at T" within the chain timeout; other routes do not wait; it heals', async () => {
    const env = { ...stack.env, RPC_URL: proxy.url, CHAIN_TIMEOUT_MS: String(CHAIN_TIMEOUT_MS), HEALTH_TIMEOUT_MS: '1000', LIST_CACHE_TTL_MS: '0' };
    const api = await startTestApp(env, stack.databaseUrl);
    try {
      const creator = await registerCreator(idx.commands, stack.chain, 0);
      const task = await createAndFundTask(idx.commands, stack.chain, creator, { reward: 3, maxCompletions: 2 });
      await eventually(async () => (await taskRow(idx.db, task.taskId))?.funding_status === 'funded', 20_000, 'funded');
      const up = await request(api.http).get(`/api/tasks/${task.taskId}/escrow`).expect(200);
      expect(up.body).toMatchObject({ chainError: null, lastBlockSeen: up.body.headBlock });
      const ready = await request(api.http).get('/api/health/ready').expect(200);
      expect(ready.body).toMatchObject({ status: 'ready', database: { status: 'up' }, chain: { status: 'up', headBlock: up.body.headBlock } });
      expect(ready.body.indexer.lagBlocks).toBeGreaterThanOrEqual(0);
      const seen = up.body.headBlock as number;

      proxy.freeze();
      const { value: frozen, ms } = await timed(() => request(api.http).get(`/api/tasks/${task.taskId}/escrow`));
      expect({ status: frozen.status, late: ms > CHAIN_TIMEOUT_MS + 2_000 }).toEqual({ status: 200, late: false });
      const [, block, at] = UNREACHABLE.exec(frozen.body.chainError) ?? [];
      expect({ block: Number(block), lastBlockSeen: frozen.body.lastBlockSeen, at: frozen.body.lastBlockSeenAt === at }).toEqual({ block: seen, lastBlockSeen: seen, at: true });
      // What the app knows still shows; the chain's part is empty rather than guessed.
      expect(frozen.body).toMatchObject({ onChain: null, headBlock: null, consistent: false, app: { fundingStatus: 'funded' } });

      // Routes that need no chain: answered while the chain is frozen, without waiting for it.
      for (const path of ['/api/tasks', `/api/tasks/${task.taskId}`, '/api/health']) {
        const { value: res, ms: took } = await timed(() => request(api.http).get(path));
        expect({ path, status: res.status, waitedForChain: took >= CHAIN_TIMEOUT_MS }).toEqual({ path, status: 200, waitedForChain: false });
      }
      // Readiness: the database is up, so the replica is ready; the chain is reported unreachable, since block N.
      const { value: readyFrozen, ms: readyMs } = await timed(() => request(api.http).get('/api/health/ready'));
      expect({ status: readyFrozen.status, late: readyMs > 3_000 }).toEqual({ status: 200, late: false });
      expect(readyFrozen.body).toMatchObject({ status: 'ready', database: { status: 'up' }, chain: { status: 'unreachable', headBlock: null, lastBlockSeen: seen }, indexer: { lagBlocks: null } });

      // A replica that never saw the chain says what the indexer last applied.
      const fresh = await startTestApp(env, stack.databaseUrl);
      try {
        const checkpoint = Number((await idx.db.query(`SELECT block_number FROM indexer_checkpoints`))[0].block_number);
        const res = await request(fresh.http).get(`/api/tasks/${task.taskId}/escrow`).expect(200);
        expect(res.body.chainError).toMatch(UNREACHABLE);
        expect(res.body.lastBlockSeen).toBe(checkpoint);
      } finally {
        await fresh.close();
      }

      proxy.thaw();
      await eventually(async () => (await request(api.http).get(`/api/tasks/${task.taskId}/escrow`)).body.chainError === null, 20_000, 'the chain back');

      // Refusing connections: the same answer, at once.
      await proxy.cut();
      const { value: cut, ms: cutMs } = await timed(() => request(api.http).get(`/api/tasks/${task.taskId}/escrow`));
      expect({ status: cut.status, late: cutMs > CHAIN_TIMEOUT_MS + 2_000 }).toEqual({ status: 200, late: false });
      expect(cut.body.chainError).toMatch(UNREACHABLE);
      await proxy.restore();
      await eventually(async () => (await request(api.http).get(`/api/tasks/${task.taskId}/escrow`)).body.chainError === null, 20_000, 'the chain back');
    } finally {
      proxy.thaw();
      await api.close();
    }
  }, 180_000);
});
