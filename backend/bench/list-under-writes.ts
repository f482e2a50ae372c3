/**
 * The list as users get it on a busy marketplace (bench:api's `listUnderWrites*` figures): readers ask varied
 * filters, sorts and cursor pages while signed-in users submit proofs and creators approve them through the
 * real HTTP routes at a steady rate, each write moving the read models and so testing the page cache.
 */
import * as http from 'node:http';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { sessionCookieFor } from '../test/session-cookie';

/** One request of the read mix: a path and, for a signed-in reader, the session cookie. */
export interface ReadRequest {
  path: string;
  cookie?: string;
}

export interface WriteStats {
  writes: number;
  failed: number;
  skipped: number;
  perSec: number;
  p99Ms: number;
}

const SORTS = ['newest', 'oldest', 'reward-high', 'reward-low', 'deadline'];
const CATEGORIES = [null, 'Design', 'Content', 'Development'];
const PAGES = 3;
const SIGNED_IN_READERS = 50;
/** Distinct earners the write stream signs in as (each submits to a task at most once). */
const EARNERS = 1000;

/** Deterministic choices, so two runs ask the same mix. */
function rng(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
}

/** Session rows written straight into the store (the sign-in flows have their own tests and are not measured). */
async function cookieFor(db: Client, userId: number): Promise<string> {
  return sessionCookieFor(db as unknown as DataSource, userId);
}

async function getJson(base: string, path: string, cookie?: string): Promise<any> {
  const res = await fetch(base + path, { headers: cookie ? { cookie } : {} });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status}`);
  return res.json();
}

/**
 * The read mix, weighted like browsing: first pages 4x, second 2x, third 1x, over 5 sorts x 4 category
 * choices x available on/off; reward ranges and a text search; plain arrays (the spec's client); and one
 * request in ten from a signed-in reader with `available=true` (answers that depend on who asks).
 * Returns the mix and the ids shown on first pages (what writers submit to most).
 */
export async function readMix(base: string, db: Client, users: number): Promise<{ mix: ReadRequest[]; firstPageIds: number[] }> {
  const mix: ReadRequest[] = [];
  const firstPageIds = new Set<number>();
  const filters: string[] = [];
  for (const sort of SORTS) {
    for (const category of CATEGORIES) {
      for (const available of [true, false]) {
        filters.push(`sort=${sort}${category ? `&category=${category}` : ''}${available ? '&available=true' : ''}`);
      }
    }
  }
  filters.push('minReward=1000&maxReward=5000', 'minReward=50000&sort=reward-low', 'search=design&available=true', 'search=task%2012');
  for (const filter of filters) {
    let path = `/api/tasks?limit=24&${filter}`;
    for (let page = 1; page <= PAGES; page++) {
      const body = await getJson(base, path);
      if (page === 1) for (const t of body.items) firstPageIds.add(t.id);
      for (let w = 0; w < 2 ** (PAGES - page); w++) mix.push({ path });
      if (!body.nextCursor) break;
      path = `/api/tasks?limit=24&${filter}&cursor=${encodeURIComponent(body.nextCursor)}`;
    }
  }
  for (const sort of SORTS) mix.push({ path: `/api/tasks?sort=${sort}` }, { path: `/api/tasks?sort=${sort}&available=true` });
  const rand = rng(11);
  const readers: string[] = [];
  for (let i = 0; i < SIGNED_IN_READERS; i++) readers.push(await cookieFor(db, 1 + Math.floor(rand() * users)));
  const signedIn = Math.round(mix.length / 9);
  for (let i = 0; i < signedIn; i++) {
    const filter = i % 2 ? `sort=${SORTS[i % SORTS.length]}&available=true` : `available=true&category=${CATEGORIES[1 + (i % 3)]}`;
    mix.push({ path: `/api/tasks?limit=24&${filter}`, cookie: readers[i % readers.length] });
  }
  return { mix, firstPageIds: [...firstPageIds] };
}

interface Target {
  id: number;
  creatorCookie: string;
  taken: Set<number>;
  free: number;
}

/**
 * Writers: alternately a submission (a signed-in earner on a task with a free slot) and an approval (the
 * task's creator approves the oldest submission the writers made), `perSec` a second, open loop (a slow
 * answer does not slow the stream down; more than 64 writes in flight and the tick is skipped and counted).
 * Half the submissions go to tasks shown on first pages (people submit to what they see), half anywhere.
 */
export async function startWrites(base: string, db: Client, users: number, firstPageIds: number[], perSec: number) {
  const rows: Array<{ id: number; creator_id: number; free: number; submitters: number[] }> = (await db.query(
    `SELECT t.id, t.creator_id, t.max_completions - t.completions - t.pending_submissions AS free,
            coalesce((SELECT array_agg(s.user_id) FROM submissions s WHERE s.task_id = t.id), '{}') AS submitters
       FROM tasks t
      WHERE t.funding_status = 'funded' AND t.is_active AND t.deadline > now() + interval '1 hour'
        AND t.max_completions - t.completions - t.pending_submissions >= 2
        AND (t.id = ANY($1) OR t.id % 97 = 0)`,
    [firstPageIds],
  )).rows;
  const shown = new Set(firstPageIds);
  const toTarget = async (r: (typeof rows)[number]): Promise<Target> =>
    ({ id: r.id, creatorCookie: await cookieFor(db, r.creator_id), taken: new Set([r.creator_id, ...r.submitters]), free: r.free });
  const onPages: Target[] = [];
  const elsewhere: Target[] = [];
  for (const r of rows) (shown.has(r.id) ? onPages : elsewhere).push(await toTarget(r));
  if (!onPages.length || !elsewhere.length) throw new Error('no tasks to write to');
  const rand = rng(5);
  // Earners' sessions are made before the stream starts: a session row written by the bench inside a timed
  // write would count the bench's own INSERT as the server's latency.
  const earners: Array<{ id: number; cookie: string }> = [];
  for (let i = 0; i < EARNERS; i++) {
    const id = 1 + Math.floor(rand() * users);
    earners.push({ id, cookie: await cookieFor(db, id) });
  }
  const earner = (t: Target): string => {
    for (;;) {
      const e = earners[Math.floor(rand() * earners.length)];
      if (t.taken.has(e.id)) continue;
      t.taken.add(e.id);
      return e.cookie;
    }
  };
  const pending: Array<{ submissionId: number; target: Target }> = [];
  const latencies: number[] = [];
  let failed = 0;
  let skipped = 0;
  let inFlight = 0;
  let tick = 0;

  const send = async (method: string, path: string, cookie: string, body: unknown): Promise<any> => {
    const res = await fetch(base + path, { method, headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
    const json = await res.json().catch(() => null);
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const submit = async () => {
    const pool = tick % 4 === 0 ? elsewhere : onPages;
    let choices = pool.filter((t) => t.free > 1);
    if (!choices.length) choices = elsewhere.filter((t) => t.free > 1);
    if (!choices.length) throw new Error('every target task is full');
    const target = choices[Math.floor(rand() * choices.length)];
    target.free--;
    const cookie = earner(target);
    const s = await send('POST', '/api/submissions', cookie, { taskId: target.id, proofText: 'Done, see the thread', proofLink: null, proofFileUrl: null, notes: null });
    pending.push({ submissionId: s.id, target });
  };
  const approve = async () => {
    const next = pending.shift();
    if (!next) return submit();
    await send('PATCH', `/api/submissions/${next.submissionId}`, next.target.creatorCookie, { status: 'approved', feedback: 'Thanks' });
  };
  let lastError = '';
  // `due`: when the clock asked for this write. Latency counts from there, so a bench process busy with its
  // readers (a late timer) adds to the figure instead of hiding the wait.
  const one = async (due: number) => {
    if (inFlight >= 64) {
      skipped++;
      return;
    }
    inFlight++;
    const t0 = due;
    try {
      await (tick++ % 2 === 0 ? submit() : approve());
      latencies.push(performance.now() - t0);
    } catch (err) {
      failed++;
      lastError = (err as Error).message;
    } finally {
      inFlight--;
    }
  };
  const started = performance.now();
  let due = started;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      void one(due);
      due += 1000 / perSec;
      await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
    }
  })();
  return {
    /** Stops the stream, waits for writes in flight and tells how it went. */
    async stop(): Promise<WriteStats> {
      stopped = true;
      await loop;
      while (inFlight) await new Promise((r) => setTimeout(r, 10));
      const sec = (performance.now() - started) / 1000;
      if (failed) console.error(`writes: ${failed} failed, the last: ${lastError}`);
      const sorted = [...latencies].sort((a, b) => a - b);
      return {
        writes: latencies.length,
        failed,
        skipped,
        perSec: Math.round((latencies.length / sec) * 10) / 10,
        p99Ms: Math.round(percentile(sorted, 0.99)),
      };
    },
  };
}

/** The p-quantile (0..1) of ascending `sorted` (nearest rank); 0 when empty. */
function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? 0;
}

export interface RateStats {
  /** Requests a second asked for (the clock) and answered (measured window). */
  offered: number;
  rps: number;
  requests: number;
  failed: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/**
 * The read mix at a fixed offered rate (open loop): request i is due at start + i / perSec whatever happened
 * to the ones before it, each on a free keep-alive connection (a new one when all are busy, so a slow answer
 * never holds the next request back), and its latency counts from when it was due, not from when it went out:
 * if the server (or this process) falls behind, the queueing shows in the figure instead of being omitted.
 * The first `warmupS` seconds are sent but not counted.
 */
export async function readAtRate(base: string, mix: ReadRequest[], perSec: number, durationS: number, warmupS: number): Promise<RateStats> {
  const url = new URL(base);
  // At most 256 connections, like a fleet of browsers behind a proxy: beyond that a request waits for a free
  // one (the wait counts, from `due`) instead of overflowing the server's accept queue.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const rand = rng(13);
  const latencies: number[] = [];
  let failed = 0;
  let inFlight = 0;
  let lastError = '';
  /** The slowest answer among the requests due in each measured second (a stall shows as a run of them). */
  const worstBySecond: number[] = [];
  /** The slowest answers measured (kept to a few), to tell which questions a stall holds up. */
  const slowest: Array<{ ms: number; second: number; path: string; signedIn: boolean }> = [];
  const send = (due: number, counted: boolean) => {
    const r = mix[Math.floor(rand() * mix.length)];
    inFlight++;
    /** Where the time went: sent (after `due`), given a socket, its headers back, the proxy's own time. */
    const at: Record<string, number> = {};
    const done = (ok: boolean, why?: string) => {
      inFlight--;
      if (!counted) return;
      if (ok) {
        const ms = performance.now() - due;
        latencies.push(ms);
        const second = Math.floor((due - start) / 1000) - warmupS;
        worstBySecond[second] = Math.max(worstBySecond[second] ?? 0, ms);
        const parts = Object.entries(at).map(([k, v]) => `${k} ${Math.round(v)}`).join(', ');
        slowest.push({ ms, second, path: `${r.path} [${parts}]`, signedIn: !!r.cookie });
        if (slowest.length > 16) slowest.sort((a, b) => b.ms - a.ms).length = 8;
      }
      else {
        failed++;
        lastError = why ?? '';
      }
    };
    const get = (retried: boolean) => {
      at.sent = performance.now() - due;
      const req = http.get({ agent, host: url.hostname, port: url.port, path: r.path, headers: r.cookie ? { cookie: r.cookie } : {} }, (res) => {
        at.headers = performance.now() - due;
        const proxied = res.headers['x-bench-proxy'];
        if (typeof proxied === 'string') for (const part of proxied.split(';')) at[`proxy ${part.split('=')[0]}`] = Number(part.split('=')[1]);
        res.resume();
        res.on('end', () => done(res.statusCode === 200, `${r.path}: ${res.statusCode}`));
        res.on('error', (err) => done(false, err.message));
      });
      req.once('socket', (socket) => {
        at.socket = performance.now() - due;
        if (socket.connecting) socket.once('connect', () => (at.connected = performance.now() - due));
      });
      // A kept-alive connection the server closed as the request went out: sent again once on a new one, as
      // browsers do for a GET (node's documented pattern); the latency still counts from `due`.
      req.on('error', (err) => (!retried && req.reusedSocket && (err as NodeJS.ErrnoException).code === 'ECONNRESET' ? get(true) : done(false, err.message)));
    };
    get(false);
  };
  const start = performance.now();
  const total = Math.round((warmupS + durationS) * perSec);
  const warm = Math.round(warmupS * perSec);
  let i = 0;
  while (i < total) {
    const now = performance.now();
    for (let due = start + (i * 1000) / perSec; i < total && due <= now; due = start + (++i * 1000) / perSec) send(due, i >= warm);
    await new Promise((r) => setTimeout(r, 1));
  }
  const measuredFrom = start + (warm * 1000) / perSec;
  while (inFlight) await new Promise((r) => setTimeout(r, 5));
  const sec = (performance.now() - measuredFrom) / 1000;
  agent.destroy();
  if (failed) console.error(`reads at ${perSec}/s: ${failed} failed, the last: ${lastError}`);
  console.log(`reads at ${perSec}/s, slowest answer per second (ms): ${worstBySecond.map((v) => Math.round(v)).join(' ')}`);
  for (const a of slowest.sort((x, y) => y.ms - x.ms).slice(0, 8)) console.log(`  ${Math.round(a.ms)} ms at second ${a.second}${a.signedIn ? ' (signed in)' : ''}: ${a.path}`);
  const sorted = latencies.sort((a, b) => a - b);
  const ms = (v: number) => Math.round(v * 10) / 10;
  return {
    offered: perSec,
    rps: Math.round(latencies.length / sec),
    requests: latencies.length,
    failed,
    p50Ms: ms(percentile(sorted, 0.5)),
    p99Ms: ms(percentile(sorted, 0.99)),
    maxMs: ms(sorted[sorted.length - 1] ?? 0),
  };
}
