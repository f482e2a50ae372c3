import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import request from 'supertest';
import { startTestApp } from '../../test/test-app';

const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const ESCROW = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';

describe('GET /api/config and the browser app on the API port', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'cent-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd34.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  let ctx: Awaited<ReturnType<typeof startTestApp>>;

  beforeAll(async () => {
    ctx = await startTestApp({
      FRONTEND_DIST: dist,
      CHAIN_ID: '3637',
      TOKEN_ADDRESS: TOKEN,
      ESCROW_ADDRESS: ESCROW,
      EXPLORER_URL: 'https://explorer.example/',
      RPC_URL: 'http://10.0.0.5:8545',
      PUBLIC_RPC_URL: 'https://rpc.example',
      CHART_URL: 'https://chart.example/cent',
      NATIVE_CURRENCY_DECIMALS: '8',
    });
  });
  afterAll(async () => {
    await ctx.app.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('tells the app the chain, contracts, explorer and external links from configuration', async () => {
    const res = await request(ctx.http).get('/api/config').expect(200);
    expect(res.body).toMatchObject({
      chainId: 3637,
      chainIdHex: '0xe35',
      chainName: 'Chain 3637',
      rpcUrl: 'https://rpc.example',
      nativeCurrency: { decimals: 8 },
      explorerUrl: 'https://explorer.example',
      token: { address: TOKEN, symbol: 'CENT', decimals: 18 },
      escrowAddress: ESCROW,
      links: { chart: 'https://chart.example/cent', buy: 'https://app.uniswap.org/' },
    });
    expect(Object.keys(res.body.links).sort()).toEqual(['buy', 'chart', 'chat', 'social', 'walletDeepLink', 'whitepaper']);
  });

  it('answers index.html (not cached) for / and every client route, hashed assets cached for a year', async () => {
    for (const p of ['/', '/tasks', '/tasks?id=3', '/no/such/page', '/dashboard']) {
      const res = await request(ctx.http).get(p).expect(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.text).toContain('<div id="root">');
    }
    const asset = await request(ctx.http).get('/assets/index-Ab12Cd34.js').expect(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toMatch(/javascript/);
    const icon = await request(ctx.http).get('/favicon.svg').expect(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('keeps unknown /api paths a JSON 404 and a missing asset a plain 404, never the app', async () => {
    const api = await request(ctx.http).get('/api/no-such-route').expect(404);
    expect(api.headers['content-type']).toMatch(/application\/json/);
    expect(api.body.message).toMatch(/Cannot GET/);
    await request(ctx.http).get('/api').expect(404).expect('content-type', /json/);
    const missing = await request(ctx.http).get('/assets/index-OLD.js').expect(404);
    expect(missing.text).toBe('Not found');
    // Only GET/HEAD fall back: a POST to a page path is not answered with the app.
    const post = await request(ctx.http).post('/tasks').send({}).expect(404);
    expect(post.text).not.toContain('<div id="root">');
    // A path merely starting with "api" is a client route.
    await request(ctx.http).get('/apiary').expect(200).expect('content-type', /html/);
  });
});
