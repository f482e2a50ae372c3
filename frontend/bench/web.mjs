#!/usr/bin/env node
/**
 * `npm run bench:web`: bundle sizes of the production build and Largest Contentful Paint in Chromium.
 *  - entryJsGzipKb: the JS index.html loads before anything renders (its script + modulepreloads), gzip level 9
 *  - totalJsGzipKb: every JS chunk of the build, gzip level 9
 *  - landingLcpMs / tasksLcpMs: LCP (PerformanceObserver 'largest-contentful-paint', buffered) of / and of
 *    /tasks with 24 funded tasks, against the built app served by the backend of a real `npm start`
 *    (own ports and temporary DATA_DIR), cold cache, median of 5 loads each.
 *  - mobileLandingLcpMs / mobileTasksLcpMs: the same LCPs on Lighthouse's mobile profile, throttled through CDP
 *    as Lighthouse's DevTools throttling does: 4x CPU slowdown (Emulation.setCPUThrottlingRate), ~1.6 Mbps down /
 *    675 kbps up with 150 ms RTT (Network.emulateNetworkConditions), a 412x823 phone viewport (Moto G Power,
 *    DPR 1.75, touch, mobile UA), cold cache (a fresh profile per load), median of 5 loads each. Target 2,500 ms
 *    (Core Web Vitals "good"). The build is served precompressed (brotli), as a phone gets it.
 * Expects the build (`npm run build` at the root; the npm script does it). Last line: one JSON object.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { Contract, HDNodeWallet, JsonRpcProvider, Mnemonic, NonceManager, Wallet, parseUnits } from 'ethers';
import { startProduct } from '../e2e/product.mjs';

const DIST = path.resolve(import.meta.dirname, '..', 'dist');
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];
// Dev account #9 of the public dev mnemonic of Hardhat and anvil (funded by anvil; local chain only).
const CREATOR_KEY = HDNodeWallet.fromMnemonic(Mnemonic.fromPhrase('test test test test test test test test test test test junk'), "m/44'/60'/0'/0/9").privateKey;
// Loads per page and profile (the median is reported); BENCH_WEB_RUNS for a quicker look.
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 5);

const gzipKb = (file) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length / 1024;
const round = (n) => Math.round(n * 10) / 10;

function bundleSizes() {
  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const entry = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => path.join(DIST, m[1]));
  const all = fs.readdirSync(path.join(DIST, 'assets')).filter((f) => f.endsWith('.js')).map((f) => path.join(DIST, 'assets', f));
  return { entryJsGzipKb: round(entry.reduce((s, f) => s + gzipKb(f), 0)), totalJsGzipKb: round(all.reduce((s, f) => s + gzipKb(f), 0)) };
}

/** Signs in over HTTP with SIWE (as the browser does) and answers the session cookie. */
async function signIn(baseUrl, wallet) {
  const challenge = await fetch(`${baseUrl}/api/auth/challenge?address=${wallet.address}`);
  const cookie = challenge.headers.get('set-cookie').split(';')[0];
  const { message } = await challenge.json();
  const res = await fetch(`${baseUrl}/api/auth/web3`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: baseUrl },
    body: JSON.stringify({ walletAddress: wallet.address, signature: await wallet.signMessage(message), message }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return (res.headers.get('set-cookie') ?? cookie).split(';')[0];
}

/** Tops the list up to `count` funded tasks: created through the API, funded on chain like a creator would. */
async function seedTasks(info, count) {
  const listed = async () => (await (await fetch(`${info.baseUrl}/api/tasks?limit=1`)).json()).total;
  const missing = count - (await listed());
  if (missing <= 0) return;
  const provider = new JsonRpcProvider(info.rpcUrl, 31337, { staticNetwork: true, cacheTimeout: -1 });
  const wallet = new Wallet(CREATOR_KEY, provider);
  const signer = new NonceManager(wallet);
  const token = new Contract(info.tokenAddress, ['function mint(address,uint256)', 'function approve(address,uint256) returns (bool)'], signer);
  const escrow = new Contract(info.escrowAddress, ['function fund(uint256,uint128,uint32,uint64)'], signer);
  const cookie = await signIn(info.baseUrl, wallet);
  const total = parseUnits(String(100 * 5 * missing), 18);
  await (await token.mint(wallet.address, total)).wait();
  await (await token.approve(info.escrowAddress, total)).wait();
  for (let i = 0; i < missing; i++) {
    const res = await fetch(`${info.baseUrl}/api/tasks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: info.baseUrl },
      body: JSON.stringify({
        title: `Benchmark task ${i + 1}: review a landing page`, description: 'Read the page and list three things to improve.',
        requirements: 'Three concrete suggestions.', category: ['Research', 'Design', 'Testing'][i % 3], reward: 100,
        maxCompletions: 5, estimatedTime: 20, submissionType: 'text', isActive: true,
        deadline: new Date(Date.now() + 20 * 86400_000).toISOString(),
      }),
    });
    if (!res.ok) throw new Error(`create failed: ${res.status} ${await res.text()}`);
    const task = await res.json();
    const deadline = Math.floor(new Date(task.deadline).getTime() / 1000);
    await (await escrow.fund(task.chainTaskId, parseUnits('100', 18), 5, deadline)).wait();
  }
  for (let i = 0; (await listed()) < count; i++) {
    if (i > 300) throw new Error('the indexer did not list the funded tasks');
    await new Promise((r) => setTimeout(r, 200));
  }
  provider.destroy();
}

/** Lighthouse's mobile profile (lighthouse-core config constants: moto G power, "slow 4G", 4x CPU). */
const MOBILE = {
  context: {
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    userAgent: 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  },
  cpuSlowdown: 4,
  network: { offline: false, latency: 150, downloadThroughput: (1638.4 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 },
};

async function lcp(url, ready, mobile = false) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cent-bench-'));
  const ctx = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: ARGS,
    ...(mobile ? MOBILE.context : { viewport: { width: 1280, height: 900 } }),
  });
  try {
    const page = ctx.pages()[0] ?? (await ctx.newPage());
    if (mobile) {
      // Throttling before the navigation, so the whole load runs under it.
      const cdp = await ctx.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE.cpuSlowdown });
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', MOBILE.network);
    }
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    await page.locator(ready).waitFor({ timeout: 120_000 });
    await page.waitForTimeout(500); // lets a later, larger paint be reported (measurement settling, not a test)
    // A read preloaded by the HTML (build/critical-preload.ts) that the app then fetched again: the URLs drifted.
    const twice = await page.evaluate(() => {
      const names = performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.includes('/api/'));
      return [...new Set(names.filter((n, i) => names.indexOf(n) !== i))];
    });
    if (twice.length) console.log(`WARNING: read twice (a preload the app did not use?): ${twice.join(', ')}`);
    // The time, and which element it was (the tag and its first words), so a run that moved is explained.
    return await page.evaluate(
      () =>
        new Promise((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            const last = entries[entries.length - 1];
            const words = (last.element?.textContent ?? '').trim().split(/\s+/).slice(0, 3).join(' ');
            resolve({ ms: last.startTime, element: `${last.element?.tagName.toLowerCase() ?? '?'} "${words}"` });
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
  } finally {
    await ctx.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const median = (xs) => xs.map((x) => x.ms).sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const sizes = bundleSizes();
const product = await startProduct({ LOG_LEVEL: 'warn' });
try {
  await seedTasks(product.info, 24);
  const landing = [];
  const tasks = [];
  const mobileLanding = [];
  const mobileTasks = [];
  for (let i = 0; i < RUNS; i++) {
    landing.push(await lcp(product.info.baseUrl + '/', 'article >> nth=5'));
    tasks.push(await lcp(product.info.baseUrl + '/tasks', 'article >> nth=23'));
    mobileLanding.push(await lcp(product.info.baseUrl + '/', 'article >> nth=5', true));
    mobileTasks.push(await lcp(product.info.baseUrl + '/tasks', 'article >> nth=23', true));
  }
  const runs = (xs) => xs.map((x) => Math.round(x.ms)).join(', ');
  // Which element was the LCP, with the loads it was in (in load order), e.g. 'h1 "Available Tasks" (1, 2, 4)'.
  const elements = (xs) =>
    [...new Set(xs.map((x) => x.element))].map((e) => `${e} (${xs.flatMap((x, i) => (x.element === e ? [i + 1] : [])).join(', ')})`).join(', ');
  console.log(`landing LCP runs (ms): ${runs(landing)}; /tasks: ${runs(tasks)}`);
  console.log(`mobile (4x CPU, 1.6 Mbps, 150 ms RTT) landing LCP runs (ms): ${runs(mobileLanding)}; /tasks: ${runs(mobileTasks)}`);
  console.log(`LCP elements: landing ${elements(landing)}; /tasks ${elements(tasks)}; mobile landing ${elements(mobileLanding)}; mobile /tasks ${elements(mobileTasks)}`);
  console.log(`load average: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log(JSON.stringify({
    ...sizes, landingLcpMs: Math.round(median(landing)), tasksLcpMs: Math.round(median(tasks)),
    mobileLandingLcpMs: Math.round(median(mobileLanding)), mobileTasksLcpMs: Math.round(median(mobileTasks)),
  }));
} finally {
  await product.stop();
}
