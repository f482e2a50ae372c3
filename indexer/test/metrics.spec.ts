import { AddressInfo } from 'node:net';
import request from 'supertest';
import { ChainHeadWatcher } from '@cent/backend';
import { startTestApp, sample } from '@cent/backend/testing';
import { JsonRpc } from '../src/chain/json-rpc';
import { IndexerMetrics } from '../src/metrics/indexer-metrics';
import { startMetricsServer } from '../src/metrics/metrics-server';
import { freePort } from './support/anvil';
import { IndexerInstance, Stack, eventually, startIndexer, startStack } from './support/stack';

const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined };

describe('metrics against a real chain', () => {
  let stack: Stack;
  let api: Awaited<ReturnType<typeof startTestApp>>;
  let idx: IndexerInstance | null = null;

  beforeAll(async () => {
    stack = await startStack();
    api = await startTestApp(stack.env, stack.databaseUrl);
  });
  afterAll(async () => {
    await idx?.close();
    await api?.app.close();
    await stack?.stop();
  });

  /** The backend's indexer lag after a fresh read of the chain head (the scrape itself only reads the kept one). */
  async function indexerLag(): Promise<number | undefined> {
    await api.app.get(ChainHeadWatcher).poll();
    const text = (await request(api.http).get('/metrics').expect(200)).text;
    return sample(text, 'cent_indexer_lag_blocks');
  }

  it('shows indexer lag in blocks: 0 while it follows, the blocks mined while it is stopped, 0 again once it catches up', async () => {
    idx = await startIndexer(stack.env);
    expect(await eventually(async () => (await indexerLag()) === 0, 20_000, 'indexer caught up')).toBe(true);
    await idx.close();
    idx = null;
    await stack.anvil.rpc('anvil_mine', ['0x7']);
    expect(await indexerLag()).toBe(7);
    const head = Number(await stack.anvil.rpc<string>('eth_blockNumber'));
    expect(sample((await request(api.http).get('/metrics').expect(200)).text, 'cent_chain_head_block', { chain_id: '31337' })).toBe(head);
    idx = await startIndexer(stack.env);
    expect(await eventually(async () => (await indexerLag()) === 0, 20_000, 'indexer caught up again')).toBe(true);
  });

  it("the indexer's own /metrics counts its failed RPC calls by kind, and is readable from this host only", async () => {
    const metrics = new IndexerMetrics();
    const down = new JsonRpc(`http://127.0.0.1:${await freePort()}`, quiet, 1_000);
    const chain = new JsonRpc(stack.anvil.url, quiet);
    metrics.watch(down);
    metrics.watch(chain);
    await expect(down.request('eth_blockNumber')).rejects.toThrow();
    await expect(chain.request('eth_noSuchMethod')).rejects.toThrow();
    await chain.request('eth_blockNumber');
    const server = await startMetricsServer(metrics.registry, 0, undefined, '127.0.0.1');
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const text = (await request(url).get('/metrics').expect(200).expect('Content-Type', /^text\/plain/)).text;
      expect(sample(text, 'cent_rpc_errors_total', { method: 'eth_blockNumber', kind: 'transport' })).toBe(1);
      expect(sample(text, 'cent_rpc_errors_total', { method: 'eth_noSuchMethod', kind: 'rpc_error' })).toBe(1);
      expect(sample(text, 'cent_rpc_errors_total', { method: 'eth_blockNumber', kind: 'rpc_error' })).toBeUndefined();
      await request(url).get('/metrics').set('X-Forwarded-For', '203.0.113.9').expect(403);
      await request(url).get('/other').expect(404);
    } finally {
      server.close();
    }
  });
});
