import request from 'supertest';
import { actor, Actor } from '../../test/api/api-actors';
import { startTestApp } from '../../test/test-app';
import { escrowAmount } from '../common/money';
import { EventStore } from '../event-store/event-store';
import { NewEvent } from '../event-store/stored-event';
import { PLAIN_LIST_MAX } from './dto/list-tasks.query';
import { TaskAggregate } from './domain/task.aggregate';
import { ALL_CATEGORIES } from './domain/task.constants';
import { TaskEvents as T } from './domain/task.events';

/** Deterministic pseudo-random numbers, so a failure can be replayed. */
function rng(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
}

interface Model {
  id: number;
  title: string;
  description: string;
  category: string;
  reward: number;
  maxCompletions: number;
  completions: number;
  pending: number;
  createdAt: string;
  deadline: string;
  isActive: boolean;
  funded: boolean;
  submitters: Set<number>;
}

const WORDS = ['Alpha', 'beta', 'Gamma', 'delta', 'Logo', 'thread', '100%', 'snake_case', 'Ünïcode'];
const N = 300;

describe('GET /api/tasks filters, sorts and paging agree with an in-memory computation', () => {
  let ctx: Awaited<ReturnType<typeof startTestApp>>;
  let viewer: Actor;
  const model: Model[] = [];

  beforeAll(async () => {
    ctx = await startTestApp();
    viewer = await actor(ctx);
    const others = [await actor(ctx), await actor(ctx), await actor(ctx)];
    const creator = await actor(ctx);
    const store = ctx.app.get(EventStore);
    const rand = rng(42);
    const pick = <X>(xs: readonly X[]) => xs[Math.floor(rand() * xs.length)];
    const base = Date.parse('2030-01-01T00:00:00.000Z');
    let submissionId = 1_000_000;
    // Events appended straight into the store (what the commands would write), then projected once.
    for (let i = 0; i < N; i++) {
      const id = 500_000 + i;
      const m: Model = {
        id,
        title: `${pick(WORDS)} ${pick(WORDS)} task ${i}`,
        description: `${pick(WORDS)} description`,
        category: pick(ALL_CATEGORIES),
        reward: pick([1, 50, 50, 100, 250, 1000, 100000]),
        maxCompletions: pick([1, 2, 3, 5]),
        completions: 0,
        pending: 0,
        // Few distinct instants, so ties on the sort key are common and the id decides.
        createdAt: new Date(base - Math.floor(rand() * 40) * 60_000).toISOString(),
        deadline: new Date(rand() < 0.15 ? Date.now() - 86_400_000 : base + Math.floor(rand() * 30) * 3_600_000).toISOString(),
        isActive: rand() > 0.1,
        funded: rand() > 0.15,
        submitters: new Set(),
      };
      const events: NewEvent[] = [{
        type: T.TaskCreated,
        data: {
          taskId: id, creatorId: creator.id, title: m.title, description: m.description, requirements: 'r', category: m.category,
          reward: m.reward, maxCompletions: m.maxCompletions, estimatedTime: 30, deadline: m.deadline, submissionType: 'text',
          isActive: m.isActive, chainId: 31337, contractAddress: null, escrowAmount: escrowAmount(m.reward, m.maxCompletions).toString(),
          createdAt: m.createdAt,
        },
      }];
      if (m.funded) events.push({ type: T.TaskFunded, data: { taskId: id, funder: creator.wallet, amount: '1', chainId: 31337, txHash: `0x${i}`, blockNumber: i, blockHash: '0x0', logIndex: 0 } });
      for (const u of [viewer, ...others]) {
        if (rand() < 0.3 && m.completions + m.pending < m.maxCompletions) {
          const sid = submissionId++;
          m.submitters.add(u.id);
          events.push({ type: T.SubmissionSubmitted, data: { submissionId: sid, taskId: id, userId: u.id, proofLink: null, proofText: 'p', proofFileUrl: null, notes: null, createdAt: m.createdAt } });
          if (rand() < 0.5) {
            events.push({ type: T.SubmissionApproved, data: { submissionId: sid, taskId: id, userId: u.id, reviewerId: creator.id, feedback: null, reward: m.reward, reviewedAt: m.createdAt } });
            m.completions++;
          } else m.pending++;
        }
      }
      await store.append(TaskAggregate.streamId(id), 0, events);
      model.push(m);
    }
    await ctx.projections.catchUp();
  });
  afterAll(() => ctx.app.close());

  type Q = { search?: string; category?: string; sort?: string; minReward?: number; maxReward?: number; available?: boolean };

  function expected(q: Q, viewerId: number | null): number[] {
    const now = Date.now();
    const s = q.search?.trim().toLowerCase();
    const rows = model.filter((m) =>
      m.funded && m.isActive
      && (!s || m.title.toLowerCase().includes(s) || m.description.toLowerCase().includes(s))
      && (!q.category || q.category === 'All Categories' || m.category === q.category)
      && (q.minReward === undefined || m.reward >= q.minReward)
      && (q.maxReward === undefined || m.reward <= q.maxReward)
      && (!q.available || (m.completions + m.pending < m.maxCompletions && Date.parse(m.deadline) > now
        && (viewerId === null || !m.submitters.has(viewerId)))));
    const key = (m: Model): number => {
      switch (q.sort ?? 'newest') {
        case 'reward-high': case 'reward-low': return m.reward;
        case 'deadline': return Date.parse(m.deadline);
        default: return Date.parse(m.createdAt);
      }
    };
    const desc = (q.sort ?? 'newest') === 'newest' || q.sort === 'reward-high';
    rows.sort((a, b) => (key(a) - key(b) || a.id - b.id) * (desc ? -1 : 1));
    return rows.map((m) => m.id);
  }

  const queries: Q[] = [];
  for (const sort of [undefined, 'newest', 'oldest', 'reward-high', 'reward-low', 'deadline']) {
    queries.push({ sort }, { sort, available: true }, { sort, category: 'Design', available: true }, { sort, minReward: 50, maxReward: 1000 });
  }
  queries.push(
    { search: 'alpha' }, { search: 'GAMMA', sort: 'reward-high' }, { search: '100%' }, { search: '0%' }, { search: 'snake_case' },
    { search: 'e_c' }, { search: 'ünïcode' }, { search: 'no such words' }, { category: 'All Categories', minReward: 100000 },
    { category: 'Referral', available: false }, { maxReward: 0 },
  );

  const qs = (q: Q) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)]));

  it.each(queries.map((q) => [JSON.stringify(q), q]))('%s: plain array (first 100), signed out and signed in', async (_name, q) => {
    const out = await request(ctx.http).get('/api/tasks').query(qs(q)).expect(200);
    expect(out.body.map((t: { id: number }) => t.id)).toEqual(expected(q, null).slice(0, PLAIN_LIST_MAX));
    const mine = await request(ctx.http).get('/api/tasks').query(qs(q)).set('Cookie', viewer.cookie).expect(200);
    expect(mine.body.map((t: { id: number }) => t.id)).toEqual(expected(q, viewer.id).slice(0, PLAIN_LIST_MAX));
  });

  it('the plain array stops at 100 tasks; limit=100 pages continue exactly where it stops; more than 100 per request is refused', async () => {
    const all = expected({ sort: 'reward-high' }, null);
    expect(all.length).toBeGreaterThan(2 * PLAIN_LIST_MAX); // the cap is really hit, more than once over
    const plain = await request(ctx.http).get('/api/tasks?sort=reward-high').expect(200);
    expect(Array.isArray(plain.body)).toBe(true);
    expect(plain.body).toHaveLength(PLAIN_LIST_MAX);
    const first = await request(ctx.http).get('/api/tasks?sort=reward-high&limit=100').expect(200);
    expect(first.body.items).toEqual(plain.body);
    expect(first.body.total).toBe(all.length);
    const got: number[] = first.body.items.map((t: { id: number }) => t.id);
    let cursor: string | null = first.body.nextCursor;
    while (cursor) {
      const next: request.Response = await request(ctx.http).get('/api/tasks').query({ sort: 'reward-high', limit: '100', cursor }).expect(200);
      expect(next.body.items.length).toBeLessThanOrEqual(PLAIN_LIST_MAX);
      got.push(...next.body.items.map((t: { id: number }) => t.id));
      cursor = next.body.nextCursor;
    }
    expect(got).toEqual(all);
    for (const limit of ['101', '1000', '100000']) {
      const res = await request(ctx.http).get(`/api/tasks?limit=${limit}`).expect(400);
      expect(res.body.message).toBe('limit must be a whole number from 1 to 100');
    }
  });

  it.each(queries.map((q) => [JSON.stringify(q), q]))('%s: keyset pages of 7 add up to the same list', async (_name, q) => {
    const want = expected(q, viewer.id);
    const got: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: request.Response = await request(ctx.http).get('/api/tasks')
        .query({ ...qs(q), limit: '7', ...(cursor ? { cursor } : {}) }).set('Cookie', viewer.cookie).expect(200);
      expect(Object.keys(res.body).sort()).toEqual(['items', 'nextCursor', 'total']);
      expect(res.body.total).toBe(want.length);
      expect(res.body.items.length).toBeLessThanOrEqual(7);
      got.push(...res.body.items.map((t: { id: number }) => t.id));
      cursor = res.body.nextCursor;
      pages++;
    } while (cursor && pages < 100);
    expect(got).toEqual(want);
    expect(pages).toBe(Math.max(1, Math.ceil(want.length / 7)));
  });

  it('the generated data exercises every filter (no trivially empty or unfiltered case)', () => {
    const all = expected({}, null).length;
    expect(all).toBeGreaterThan(150);
    expect(expected({ available: true }, null).length).toBeLessThan(all);
    expect(expected({ available: true }, viewer.id).length).toBeLessThan(expected({ available: true }, null).length);
    expect(expected({ category: 'Design', available: true }, viewer.id).length).toBeGreaterThan(3);
    expect(expected({ search: '100%' }, null).length).toBeGreaterThan(expected({ search: '0%' }, null).length - 1);
    expect(expected({ search: 'e_c' }, null).length).toBeGreaterThan(0);
    expect(expected({ search: 'ünïcode' }, null).length).toBeGreaterThan(0);
  });

  it('totals kept in task_listing_counts follow tasks listed, unlisted, filled and freed, and survive a rebuild', async () => {
    const store = ctx.app.get(EventStore);
    const agree = async () => {
      const kept = await ctx.dataSource.query(
        `SELECT category, listed, open FROM task_listing_counts WHERE listed <> 0 OR open <> 0 ORDER BY category`);
      const counted = await ctx.dataSource.query(
        `SELECT category, count(*)::int AS listed,
                count(*) FILTER (WHERE completions + pending_submissions < max_completions)::int AS open
           FROM tasks WHERE funding_status = 'funded' AND is_active GROUP BY category ORDER BY category`);
      expect(kept).toEqual(counted);
      const keptDays = await ctx.dataSource.query(
        `SELECT category, day, open FROM task_open_deadline_days WHERE open <> 0 ORDER BY category, day`);
      const countedDays = await ctx.dataSource.query(
        `SELECT category, floor(extract(epoch FROM deadline) / 86400)::int AS day, count(*)::int AS open
           FROM tasks WHERE funding_status = 'funded' AND is_active AND completions + pending_submissions < max_completions
          GROUP BY 1, 2 ORDER BY 1, 2`);
      expect(keptDays).toEqual(countedDays);
      // Deadlines of the seeded tasks fall on several days, today's included (both parts of "available").
      expect(new Set(countedDays.map((d: { day: number }) => d.day)).size).toBeGreaterThan(1);
    };
    const totals = async () => {
      for (const q of [{}, { category: 'Design' }, { available: true }, { available: true, category: 'Design' }] as Q[]) {
        const out = await request(ctx.http).get('/api/tasks').query({ ...qs(q), limit: '1' }).expect(200);
        expect(out.body.total).toBe(expected(q, null).length);
        const mine = await request(ctx.http).get('/api/tasks').query({ ...qs(q), limit: '1' }).set('Cookie', viewer.cookie).expect(200);
        expect(mine.body.total).toBe(expected(q, viewer.id).length);
      }
    };
    const append = async (m: Model, type: string, data: Record<string, unknown>) => {
      const stream = TaskAggregate.streamId(m.id);
      const { version } = await store.readStream(stream);
      await store.append(stream, version, [{ type, data: { taskId: m.id, ...data } }]);
    };
    await agree();
    const future = (m: Model) => Date.parse(m.deadline) > Date.now();
    const listedOpen = model.filter((m) => m.funded && m.isActive && future(m) && m.completions + m.pending < m.maxCompletions);
    const [unlist, fill, free] = [listedOpen[0], listedOpen.find((m) => m.maxCompletions - m.completions - m.pending === 1 && !m.submitters.has(viewer.id))!, listedOpen[2]];
    expect(new Set([unlist, fill, free]).size).toBe(3);
    // Unlisted (a draft again), filled by the viewer's submission, and a slot freed by rejecting the viewer's submission.
    await append(unlist, T.TaskDeactivated, { actorId: 1 });
    unlist.isActive = false;
    await append(fill, T.SubmissionSubmitted, { submissionId: 2_000_000, userId: viewer.id, proofLink: null, proofText: 'p', proofFileUrl: null, notes: null, createdAt: new Date().toISOString() });
    fill.pending++;
    fill.submitters.add(viewer.id);
    await append(free, T.SubmissionSubmitted, { submissionId: 2_000_001, userId: viewer.id, proofLink: null, proofText: 'p', proofFileUrl: null, notes: null, createdAt: new Date().toISOString() });
    await append(free, T.SubmissionRejected, { submissionId: 2_000_001, userId: viewer.id, reviewerId: 1, feedback: 'no', reviewedAt: new Date().toISOString() });
    free.submitters.add(viewer.id);
    await ctx.projections.catchUp();
    await agree();
    await totals();
    await ctx.projections.rebuild();
    await agree();
    await totals();
  });

  it('a limit alone gives the first page; bad parameters and cursors answer 400', async () => {
    const res = await request(ctx.http).get('/api/tasks?limit=3&sort=oldest').expect(200);
    expect(res.body.items.map((t: { id: number }) => t.id)).toEqual(expected({ sort: 'oldest' }, null).slice(0, 3));
    const other = await request(ctx.http).get('/api/tasks?limit=3&sort=newest').expect(200);
    const bad = async (query: string, message: string) =>
      expect((await request(ctx.http).get(`/api/tasks?${query}`).expect(400)).body.message).toBe(message);
    await bad(`limit=3&sort=oldest&cursor=${other.body.nextCursor}`, 'Invalid cursor'); // a cursor of another sort
    await bad('limit=3&cursor=not-a-cursor', 'Invalid cursor');
    await bad(`limit=3&cursor=${Buffer.from('["newest","x",1]').toString('base64url')}`, 'Invalid cursor');
    await bad('limit=0', 'limit must be a whole number from 1 to 100');
    await bad('limit=101', 'limit must be a whole number from 1 to 100');
    await bad('sort=cheapest', 'sort must be one of newest, oldest, reward-high, reward-low, deadline');
    await bad('category=Cooking', 'Unknown category');
    await bad('minReward=-1', 'minReward must be a whole number from 0 to 100000');
    await bad('maxReward=abc', 'maxReward must be a whole number from 0 to 100000');
    await bad('available=maybe', 'available must be true or false');
  });
});
