import * as net from 'node:net';
import request from 'supertest';
import { cast } from '../../test/api/api-actors';
import { startTestApp } from '../../test/test-app';
import { METRICS_FORBIDDEN } from './metrics-access';
import { sample } from '../../test/prometheus-sample';

type App = Awaited<ReturnType<typeof startTestApp>>;
const scrape = async (ctx: App) => (await request(ctx.http).get('/metrics').expect(200).expect('Content-Type', /^text\/plain; version=0\.0\.4/)).text;

async function until<T>(probe: () => Promise<T | undefined | false>, what: string): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const v = await probe();
    if (v !== undefined && v !== false) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`never: ${what}`);
}

describe('GET /metrics', () => {
  // An RPC that accepts connections and never answers: the scrape must not wait for it.
  let frozenRpc: net.Server;
  let closeFrozen: () => Promise<void>;
  let ctx: App;
  beforeAll(async () => {
    const sockets = new Set<net.Socket>();
    frozenRpc = net.createServer((socket) => void sockets.add(socket));
    closeFrozen = () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((r) => frozenRpc.close(() => r()));
    };
    await new Promise<void>((r) => frozenRpc.listen(0, '127.0.0.1', () => r()));
    ctx = await startTestApp({ CHAIN_TIMEOUT_MS: '1000', RPC_URL: `http://127.0.0.1:${(frozenRpc.address() as net.AddressInfo).port}` });
  });
  afterAll(async () => {
    await ctx.app.close();
    await closeFrozen();
  });

  it('has the key metrics, answers at once while the chain RPC is frozen, and counts its errors', async () => {
    const started = Date.now();
    const text = await scrape(ctx);
    expect(Date.now() - started).toBeLessThan(1_000);
    for (const name of [
      'http_request_duration_seconds', 'cent_projection_lag_events', 'cent_indexer_lag_blocks', 'cent_chain_head_block', 'cent_chain_head_age_seconds',
      'cent_payout_queue_depth', 'cent_payout_queue_oldest_age_seconds', 'cent_projection_quarantined_events', 'cent_rpc_errors_total',
      'cent_metrics_database_up', 'cent_dependency_up', 'cent_dependency_outages_total', 'process_cpu_seconds_total', 'nodejs_eventloop_lag_seconds',
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
    expect(sample(text, 'cent_metrics_database_up')).toBe(1);
    // No head was ever read from the frozen chain: no head and no indexer lag rather than a made-up one.
    expect(sample(text, 'cent_chain_head_block')).toBeUndefined();
    expect(sample(text, 'cent_chain_head_age_seconds')).toBe(Infinity);
    expect(sample(text, 'cent_dependency_up', { dependency: 'database' })).toBe(1);
    // The background read times out (CHAIN_TIMEOUT_MS) and counts as an RPC error; the chain shows as down.
    const after = await until(async () => {
      const t = await scrape(ctx);
      return (sample(t, 'cent_rpc_errors_total', { method: 'eth_blockNumber' }) ?? 0) >= 1 && t;
    }, 'an RPC error counted');
    expect(sample(after, 'cent_dependency_up', { dependency: 'chain' })).toBe(0);
    expect(sample(after, 'cent_dependency_outages_total', { dependency: 'chain' })).toBe(1);
  });

  it('counts a request in the latency histogram of its route template and status', async () => {
    const count = async () => sample(await scrape(ctx), 'http_request_duration_seconds_count', { method: 'GET', route: '/api/tasks/:id', status_code: '404' }) ?? 0;
    const before = await count();
    await request(ctx.http).get('/api/tasks/987654').expect(404);
    await request(ctx.http).get('/api/tasks/987655').expect(404);
    expect(await count()).toBe(before + 2);
    const text = await scrape(ctx);
    expect(text).not.toContain('987654');
  });

  it('shows projection lag while an appended event is not yet projected, and 0 once it is', async () => {
    await ctx.projections.stop();
    try {
      await ctx.dataSource.query(`INSERT INTO events (stream_id, stream_version, event_type, data) VALUES ('metrics-probe-1', 1, 'MetricsProbe', '{}')`);
      const text = await scrape(ctx);
      const lags = text.split('\n').filter((l) => l.startsWith('cent_projection_lag_events{'));
      expect(lags.length).toBeGreaterThan(2);
      for (const l of lags) expect(Number(l.split(' ')[1])).toBeGreaterThanOrEqual(1);
    } finally {
      ctx.projections.start();
    }
    await until(async () => {
      const text = await scrape(ctx);
      const lags = text.split('\n').filter((l) => l.startsWith('cent_projection_lag_events{'));
      return lags.every((l) => l.endsWith(' 0')) || undefined;
    }, 'projections caught up');
  });

  it('counts approved, unpaid submissions as the payout queue, and quarantined events per projection', async () => {
    const depth = async () => sample(await scrape(ctx), 'cent_payout_queue_depth', { payout_status: 'requested' }) ?? -1;
    const before = await depth();
    const { creator, submissionId } = await cast(ctx);
    await request(ctx.http).patch(`/api/submissions/${submissionId}`).set('Cookie', creator.cookie).send({ status: 'approved' }).expect(200);
    expect(await depth()).toBe(before + 1);
    expect(sample(await scrape(ctx), 'cent_payout_queue_oldest_age_seconds')).toBeGreaterThanOrEqual(0);

    await ctx.dataSource.query(
      `INSERT INTO projection_quarantine (projection, global_position, transaction_id, stream_id, event_type, error)
       VALUES ('tasks', 999999001, '1'::xid8, 'task-1', 'Probe', 'test'), ('tasks', 999999002, '1'::xid8, 'task-1', 'Probe', 'test')`,
    );
    expect(sample(await scrape(ctx), 'cent_projection_quarantined_events', { projection: 'tasks' })).toBe(2);
  });

  it('is readable from this host only: a proxied request is refused', async () => {
    const res = await request(ctx.http).get('/metrics').set('X-Forwarded-For', '203.0.113.9').expect(403);
    expect(res.body).toEqual({ message: METRICS_FORBIDDEN });
    await request(ctx.http).get('/metrics').set('Forwarded', 'for=203.0.113.9').expect(403);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  it('answers only the bearer of the token', async () => {
    const token = 'metrics-token-0123456789';
    const ctx = await startTestApp({ METRICS_TOKEN: token });
    try {
      await request(ctx.http).get('/metrics').expect(403);
      await request(ctx.http).get('/metrics').set('Authorization', `Bearer ${token}x`).expect(403);
      await request(ctx.http).get('/metrics').set('Authorization', `Bearer ${token.slice(0, -1)}`).expect(403);
      const ok = await request(ctx.http).get('/metrics').set('Authorization', `Bearer ${token}`).set('X-Forwarded-For', '203.0.113.9').expect(200);
      expect(ok.text).toContain('# TYPE cent_projection_lag_events gauge');
    } finally {
      await ctx.app.close();
    }
  });
});
