import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { startTestApp } from '../../test/test-app';
import { pickEncoding } from './serve-frontend';

const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const ESCROW = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';

describe('GET /api/config and the browser app on the API port', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'cent-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd34.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // What the build's precompress step writes beside a file (frontend/build/precompress.ts).
  const JS = `console.log(${JSON.stringify('x'.repeat(5000))})`;
  const INDEX = `<!doctype html><div id="root"></div><!--${'p'.repeat(3000)}-->`;
  fs.writeFileSync(path.join(dist, 'assets', 'app-Zz99Yy88.js'), JS);
  fs.writeFileSync(path.join(dist, 'assets', 'app-Zz99Yy88.js.br'), brotliCompressSync(JS));
  fs.writeFileSync(path.join(dist, 'assets', 'app-Zz99Yy88.js.gz'), gzipSync(JS));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  fs.writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(INDEX));
  fs.writeFileSync(path.join(dist, 'index.html.gz'), gzipSync(INDEX));
  let ctx: Awaited<ReturnType<typeof startTestApp>>;
  let origin: string;

  /** The bytes as sent (supertest and fetch would decompress them). */
  function raw(p: string, headers: Record<string, string> = {}, method = 'GET') {
    return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      // The path as given (a URL string would be normalised: %2e%2e resolved before sending).
      const url = new URL(origin);
      const req = http.request({ host: url.hostname, port: url.port, path: p, method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });
  }

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
    await ctx.app.listen(0, '127.0.0.1');
    origin = `http://127.0.0.1:${(ctx.app.getHttpServer().address() as AddressInfo).port}`;
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

  it('sends the precompressed brotli copy to a client that takes it, else gzip, else the file; Vary always', async () => {
    const br = await raw('/assets/app-Zz99Yy88.js', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.body).toString()).toBe(JS);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(JS.length / 10);

    const gz = await raw('/assets/app-Zz99Yy88.js', { 'Accept-Encoding': 'br;q=0, gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(JS);

    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const plain = await raw('/assets/app-Zz99Yy88.js', accept ? { 'Accept-Encoding': accept } : {});
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toBe('Accept-Encoding');
      expect(plain.body.toString()).toBe(JS);
    }
    // HEAD: the headers of the compressed answer, no body.
    const head = await raw('/assets/app-Zz99Yy88.js', { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.body.length).toBe(0);
  });

  it('sends index.html compressed for every client route, never cached; a file without a copy as it is', async () => {
    for (const p of ['/', '/tasks', '/no/such/page']) {
      const res = await raw(p, { 'Accept-Encoding': 'br' });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(res.body).toString()).toBe(INDEX);
    }
    const icon = await raw('/favicon.svg', { 'Accept-Encoding': 'br' });
    expect(icon.headers['content-encoding']).toBeUndefined();
    expect(icon.headers['content-type']).toMatch(/svg/);
    // A path that climbs out of the build is not a file of it.
    fs.writeFileSync(path.join(path.dirname(dist), 'outside.js.br'), 'secret');
    fs.writeFileSync(path.join(path.dirname(dist), 'outside.js'), 'secret');
    for (const p of ['/assets/..%2f..%2foutside.js', '/assets/%2e%2e/%2e%2e/outside.js', '/..%2foutside.js']) {
      const res = await raw(p, { 'Accept-Encoding': 'br' });
      expect(res.body.toString()).not.toContain('secret');
    }
    for (const f of ['outside.js', 'outside.js.br']) fs.rmSync(path.join(path.dirname(dist), f), { force: true });
  });

  it('answers 404 for the built-in explorer pages when EXPLORER_URL is set (the links go there)', async () => {
    for (const p of ['/explorer', '/explorer/tx/0xabc', '/explorer/address/0x5FbDB2315678afecb367f032d93F642f64180aa3']) {
      const res = await raw(p);
      expect(res.status).toBe(404);
      expect(res.body.toString()).toBe(INDEX);
    }
    // Not a prefix match on the word: /explorers is a client route like any other.
    expect((await raw('/explorers')).status).toBe(200);
  });

  it('serves the explorer pages without EXPLORER_URL (the built-in explorer is the default)', async () => {
    const on = await startTestApp({ FRONTEND_DIST: dist });
    try {
      const res = await request(on.http).get('/explorer/block/1').expect(200);
      expect(res.text).toBe(INDEX);
    } finally {
      await on.app.close();
    }
  });
});

describe('pickEncoding (Accept-Encoding)', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['BR', 'br'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['br;q=0.0, gzip;q=0', null],
    ['*', 'br'],
    ['*;q=0', null],
    ['br;q=0, *', 'gzip'],
    ['identity', null],
    ['gzip;q=abc', null],
  ])('%j -> %j', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});
