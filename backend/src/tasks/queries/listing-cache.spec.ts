import { createFundedTask, registerWalletUser } from '../../../test/fixtures';
import { startTestApp, startTestDomain, testConfig } from '../../../test/test-app';
import { ProjectionRunner } from '../../projections/projection-runner';
import { ReviewSubmissionCommand } from '../commands/review-submission.command';
import { SubmitProofCommand } from '../commands/submit-proof.command';
import { SetTaskActiveCommand } from '../commands/set-task-active.command';
import { ListTasksQuery } from '../dto/list-tasks.query';
import { TasksProjection } from '../tasks.projection';
import { TaskListingChange } from '../task-listing-change';
import { TaskEvents as T } from '../domain/task.events';
import { ListedRows, ListingCache, ListingTag } from './listing-cache';
import { ReadCache } from './read-cache';
import { TaskQueries, Viewer } from './task.queries';
import { TaskRow } from './task.view';

function rng(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
}

const CATEGORIES = ['Design', 'Content', 'Development'];

/**
 * The list's cache against the database itself: after every write (a command returned, so its events are
 * visible), each cached answer must equal what the same query answers with no cache at all. Writes come from
 * this process (the cache is told which tasks changed) and from a second domain on the same database (a
 * replica or the indexer: this process only sees its read models move), then a rebuild.
 */
describe('the list cache drops exactly what writes touch, and never serves a stale answer', () => {
  // Hundreds of random writes, each compared against an uncached query: about 30 s on a busy 2-core machine,
  // so the default 60 s leaves too little room when the other suite of the pair is heavy too.
  jest.setTimeout(180_000);
  let ctx: Awaited<ReturnType<typeof startTestApp>>;
  let other: Awaited<ReturnType<typeof startTestDomain>>;
  let cached: TaskQueries;
  let truth: TaskQueries;

  beforeAll(async () => {
    ctx = await startTestApp({ LIST_CACHE_TTL_MS: '60000' });
    other = await startTestDomain({}, ctx.databaseUrl);
    cached = ctx.app.get(TaskQueries);
    truth = new TaskQueries(ctx.dataSource, testConfig({ LIST_CACHE_TTL_MS: '0' }), ctx.app.get(ProjectionRunner), ctx.app.get(TasksProjection));
  });
  afterAll(async () => {
    await other.close();
    await ctx.close();
  });

  it('random submissions, reviews, (un)publishing and new tasks, here and in another process, then a rebuild', async () => {
    const rand = rng(3);
    const pick = <X>(xs: readonly X[]) => xs[Math.floor(rand() * xs.length)];
    const creator = await registerWalletUser(ctx.commands);
    const earners = await Promise.all(Array.from({ length: 6 }, () => registerWalletUser(ctx.commands)));
    const tasks: number[] = [];
    // Two kinds of text, so that a searched total meets writes to tasks both inside and outside its search.
    const texts = [{}, { title: 'Design a logo for CENT', description: 'A mark for the escrow app.' }];
    const newTask = async (commands = ctx.commands) =>
      tasks.push(await createFundedTask(commands, creator, { category: pick(CATEGORIES), reward: pick([5, 50, 500]), maxCompletions: 1 + Math.floor(rand() * 3), ...pick(texts) }));
    for (let i = 0; i < 10; i++) await newTask();
    const pending: number[] = [];
    const viewers: Array<Viewer | undefined> = [undefined, { id: earners[0].id, isAdmin: false }, { id: earners[1].id, isAdmin: false }];
    const queries: ListTasksQuery[] = [
      {}, { sort: 'reward-high' }, { available: true }, { available: true, category: 'Design' }, { category: 'Content', sort: 'oldest' },
      { minReward: 50, available: true }, { search: 'thread', available: true }, { limit: 3 }, { limit: 3, available: true, sort: 'deadline' },
      { limit: 4, category: 'Development' }, { search: 'logo', limit: 3 }, { search: 'LOGO', available: true }, { search: 'thread', category: 'Design' },
    ];

    const compare = async (step: string) => {
      for (const viewer of viewers) {
        for (const q of queries) {
          const want = await truth.list(q, viewer);
          expect({ step, q, viewer, answer: await cached.list(q, viewer) }).toEqual({ step, q, viewer, answer: want });
          // The route's text (items serialised once per cached page) says the same as the database.
          expect({ step, q, viewer, json: JSON.parse((await cached.listBody(q, viewer)).toString()) }).toEqual({ step, q, viewer, json: JSON.parse(JSON.stringify(want)) });
          // The second page too, through the cursor the database itself gives.
          const next = !Array.isArray(want) && want.nextCursor;
          if (next) expect(await cached.list({ ...q, cursor: next }, viewer)).toEqual(await truth.list({ ...q, cursor: next }, viewer));
        }
      }
    };

    await compare('seeded');
    let hiddenOnce = false;
    for (let step = 0; step < 60; step++) {
      const elsewhere = rand() < 0.5;
      const commands = elsewhere ? other.commands : ctx.commands;
      const r = rand();
      let op: string;
      // Reads under way while the write is applied (their answers may or may not show it): the reads after the
      // write must show it, whether the cache dropped a query under way (pages) or kept it (totals it cannot reach).
      const racing = Promise.all(queries.map((q) => cached.list(q, pick(viewers))));
      try {
        if (r < 0.4 || !pending.length) {
          op = 'submit';
          const earner = pick(earners);
          pending.push(await commands.execute(new SubmitProofCommand(earner.id, pick(tasks), { proofLink: null, proofText: 'done', proofFileUrl: null, notes: null })));
        } else if (r < 0.75) {
          op = 'review';
          const id = pending.splice(Math.floor(rand() * pending.length), 1)[0];
          const approve = rand() < 0.6;
          await commands.execute(new ReviewSubmissionCommand({ id: creator.id, isAdmin: false }, id, approve ? 'approved' : 'rejected', approve ? null : 'no'));
        } else if (r < 0.9) {
          op = 'publish';
          hiddenOnce = true;
          await commands.execute(new SetTaskActiveCommand({ id: creator.id, isAdmin: false }, pick(tasks), rand() < 0.5));
        } else {
          op = 'new task';
          await newTask(commands);
        }
      } catch (err) {
        // The aggregate refusing (full task, a second submission, unchanged state) is part of the game.
        if (!(err as { status?: number }).status) throw err;
        op = 'refused';
      }
      await racing;
      // A write in another process reaches this one by polling; here we wait for it instead.
      if (elsewhere) await ctx.projections.catchUp();
      await compare(`step ${step}: ${op}${elsewhere ? ' elsewhere' : ''}`);
    }
    expect(hiddenOnce).toBe(true);
    await ctx.projections.rebuild();
    await compare('rebuilt');
  });

  /** Runs `read` and tells how many statements it sent (the listing's own on pooled clients, and any other). */
  async function statementsOf<R>(read: () => Promise<R>): Promise<{ answer: R; statements: number }> {
    const query = jest.spyOn(ctx.dataSource, 'query');
    const runners = jest.spyOn(ctx.dataSource, 'createQueryRunner');
    try {
      const answer = await read();
      return { answer, statements: query.mock.calls.length + runners.mock.calls.length };
    } finally {
      query.mockRestore();
      runners.mockRestore();
    }
  }

  it('answers a repeated question from memory: no statement reaches the database', async () => {
    const creator = await registerWalletUser(ctx.commands);
    await createFundedTask(ctx.commands, creator, { category: 'Design' });
    const q: ListTasksQuery = { available: true, category: 'Design', sort: 'reward-high', limit: 24 };
    const first = await cached.list(q, undefined);
    const again = await statementsOf(async () => {
      for (let i = 0; i < 20; i++) expect(await cached.list(q, undefined)).toEqual(first);
    });
    expect(again.statements).toBe(0);
    // The spy sees the listing's statements when there are some: the same question with the cache cold.
    expect((await statementsOf(() => truth.list(q, undefined))).statements).toBeGreaterThan(0);
  });

  it('pages showing a task whose counters alone moved take the new counters in place; a filled task leaves the "available" pages', async () => {
    // Only this process applies the events from here on: the second domain's runner would otherwise race it
    // for some batches, and read models moved elsewhere drop the whole cache (right, but not what is tested).
    await other.projections.stop();
    const creator = await registerWalletUser(ctx.commands);
    const [earner, submitter] = [await registerWalletUser(ctx.commands), await registerWalletUser(ctx.commands)];
    const roomy = await createFundedTask(ctx.commands, creator, { category: 'Research', maxCompletions: 5 });
    const single = await createFundedTask(ctx.commands, creator, { category: 'Research', maxCompletions: 1 });
    const all: ListTasksQuery = { category: 'Research', limit: 10 };
    const open: ListTasksQuery = { category: 'Research', available: true, limit: 10 };
    const asked: Array<[ListTasksQuery, Viewer | undefined]> = [[all, undefined], [open, undefined], [open, { id: earner.id, isAdmin: false }]];
    for (const [q, viewer] of asked) await cached.list(q, viewer);
    const counters = async (q: ListTasksQuery, viewer?: Viewer) => {
      const page = await cached.list(q, viewer);
      return Array.isArray(page) ? [] : page.items.map((t) => [t.id, t.totalSubmissions, t.pendingSubmissions, t.completions]);
    };

    // A submission to the roomy task: its counters change on every page, from memory, and every answer is the truth.
    const submission = await ctx.commands.execute(new SubmitProofCommand(submitter.id, roomy, { proofLink: null, proofText: 'done', proofFileUrl: null, notes: null }));
    const revised = await statementsOf(() => counters(all));
    expect(revised.statements).toBe(0);
    expect(revised.answer).toContainEqual([roomy, 1, 1, 0]);
    await ctx.commands.execute(new ReviewSubmissionCommand({ id: creator.id, isAdmin: false }, submission, 'approved', null));
    expect((await statementsOf(() => counters(open))).answer).toContainEqual([roomy, 1, 0, 1]);
    for (const [q, viewer] of asked) expect(await cached.list(q, viewer)).toEqual(await truth.list(q, viewer));

    // The single-slot task fills: it stays in the plain list with new counters and leaves the "available" ones.
    await ctx.commands.execute(new SubmitProofCommand(earner.id, single, { proofLink: null, proofText: 'done', proofFileUrl: null, notes: null }));
    const full = await statementsOf(() => counters(all));
    expect(full.statements).toBe(0);
    expect(full.answer).toContainEqual([single, 1, 1, 0]);
    expect((await counters(open)).map(([id]) => id)).not.toContain(single);
    for (const [q, viewer] of asked) {
      const want = await truth.list(q, viewer);
      expect(await cached.list(q, viewer)).toEqual(want);
      expect((await cached.listBody(q, viewer)).toString()).toBe(JSON.stringify(want));
    }
  });

  it('an "available" answer expires when an open task\'s deadline passes', async () => {
    const creator = await registerWalletUser(ctx.commands);
    // Whole seconds: a task's deadline is stored in whole seconds (it is also the escrow's uint64 deadline).
    // 6 s ahead: creating and funding the task on a busy machine can take 2 s, and it must still be open after.
    const deadline = new Date((Math.floor(Date.now() / 1000) + 6) * 1000);
    const id = await createFundedTask(ctx.commands, creator, { deadline, category: 'Referral' });
    const q: ListTasksQuery = { available: true, category: 'Referral', limit: 10 };
    const before = await cached.list(q, undefined);
    expect(!Array.isArray(before) && before.items.map((t) => t.id)).toContain(id);
    while (Date.now() <= deadline.getTime()) await new Promise((r) => setTimeout(r, 50));
    const after = await cached.list(q, undefined);
    expect(!Array.isArray(after) && after.items.map((t) => t.id)).not.toContain(id);
    expect(after).toEqual(await truth.list(q, undefined));
  });
});

describe('ListingCache revising a page in place', () => {
  const counters = (total: number, pending: number, completions: number) => ({ totalSubmissions: total, pendingSubmissions: pending, completions });
  const row = (id: number, c: ReturnType<typeof counters>) => ({ id, category: 'Design', reward: 5, ...c }) as unknown as TaskRow;
  const listedTask = { category: 'Design', reward: 5, open: true };
  const change = (id: number, before: ReturnType<typeof counters>, after: ReturnType<typeof counters>): TaskListingChange =>
    ({ id, before: listedTask, after: listedTask, moved: false, rekeyed: false, counters: { before, after }, submitters: [], creatorLineMoved: null });
  const tag: ListingTag = { search: null, category: 'Design', available: false, viewerId: null };
  const cacheWith = async (rows: TaskRow[]) => {
    const cache = new ListingCache(10, 60_000, async () => null);
    await cache.rows.get('k', tag, async () => ({ value: { rows, nextCursor: null } }));
    return cache;
  };
  const cachedRows = (cache: ListingCache) => cache.rows.get('k', tag, async () => ({ value: { rows: [], nextCursor: 'asked again' } }));

  it('takes the new counters of a row showing the state the change started from', async () => {
    const cache = await cacheWith([row(1, counters(1, 1, 0)), row(2, counters(0, 0, 0))]);
    cache.changed([change(1, counters(1, 1, 0), counters(2, 2, 0))]);
    expect((await cachedRows(cache)).rows.map((r) => [r.id, r.totalSubmissions, r.pendingSubmissions])).toEqual([[1, 2, 2], [2, 0, 0]]);
  });

  it('asks again rather than take a batch reported out of order back to an earlier state', async () => {
    const cache = await cacheWith([row(1, counters(1, 1, 0))]);
    cache.changed([change(1, counters(1, 1, 0), counters(2, 2, 0))]); // the later batch reported first
    cache.changed([change(1, counters(0, 0, 0), counters(1, 1, 0))]); // then the earlier one
    expect((await cachedRows(cache)).nextCursor).toBe('asked again');
  });

  it('keeps a row that already shows the state after the change (read after its commit)', async () => {
    const cache = await cacheWith([row(1, counters(2, 2, 0))]);
    cache.changed([change(1, counters(1, 1, 0), counters(2, 2, 0))]);
    expect((await cachedRows(cache)).rows.map((r) => r.totalSubmissions)).toEqual([2]);
  });
});

describe('ListingCache after another process moved the read models', () => {
  const cp = (n: number) => ({ transactionId: BigInt(n), position: BigInt(n) });
  const ev = (n: number, type: string, taskId: number) =>
    ({ globalPosition: BigInt(n), transactionId: BigInt(n), streamId: `task-${taskId}`, streamVersion: 1, type, data: { taskId }, metadata: {}, createdAt: new Date() });
  // Each task its own creator (1000 + id), except task 101 (no page shows it), created by task 1's creator.
  const creatorOf = (id: number) => (id === 101 ? 1001 : 1000 + id);
  const row = (id: number) =>
    ({ id, category: 'Design', reward: 5, totalSubmissions: 0, pendingSubmissions: 0, completions: 0, creatorId: creatorOf(id) }) as unknown as TaskRow;
  const design: ListingTag = { search: null, category: 'Design', available: true, viewerId: null };
  const content: ListingTag = { search: null, category: 'Content', available: true, viewerId: null };
  const terms = (id: number) => ({ category: id >= 100 ? 'Content' : 'Design', reward: 5, creatorId: creatorOf(id) });
  /** A cache holding the "available" Design page [1, 2] (task 3 right after it), a Content page [100], and their totals. */
  const warm = async (late?: () => void, reloadTasks?: (ids: number[]) => Promise<TaskRow[]>) => {
    const cache = new ListingCache(10, 60_000, async () => null, 200, late, reloadTasks);
    await cache.rows.get('design', design, async () => ({ value: { rows: [row(1), row(2)], nextCursor: 'c', lookAhead: 3 } }));
    await cache.rows.get('content', content, async () => ({ value: { rows: [row(100)], nextCursor: null } }));
    await cache.totals.get('design', design, async () => ({ value: 3 }));
    await cache.totals.get('content', content, async () => ({ value: 1 }));
    return cache;
  };
  const kept = async (cache: ListingCache) => {
    const out: string[] = [];
    const probe = (c: ReadCache<unknown, ListingTag>, key: string, tag: ListingTag) =>
      c.get(key, tag, async () => ({ value: 'asked again' })).then((v) => v !== 'asked again' && out.push(key));
    await probe(cache.rows as ReadCache<unknown, ListingTag>, 'design', design);
    await probe(cache.rows as ReadCache<unknown, ListingTag>, 'content', content);
    await probe(cache.totals as ReadCache<unknown, ListingTag>, 'design', design);
    await probe(cache.totals as ReadCache<unknown, ListingTag>, 'content', content);
    return out.join(' ');
  };
  const rowsAndTotals = async (cache: ListingCache) => {
    const rows = await cache.rows.get('design', design, async () => ({ value: { rows: [], nextCursor: 'asked again' } }));
    const total = await cache.totals.get('design', design, async () => ({ value: -1 }));
    return { designPage: rows.nextCursor !== 'asked again', designTotal: total !== -1 };
  };

  it('a total still being counted when changes come is counted once if they cannot reach it, and again for the readers after one that can', async () => {
    const cache = await warm();
    const searched: ListingTag = { search: 'logo', category: null, available: false, viewerId: null };
    const finish: Array<(n: number) => void> = [];
    const count = () => new Promise<{ value: number }>((r) => finish.push((n) => r({ value: n })));
    const first = cache.totals.get('searched', searched, count);
    // Approvals elsewhere move counters, never what a total counts: the count under way stands.
    cache.changedElsewhere([ev(2, T.SubmissionApproved, 2)], terms);
    cache.changedElsewhere([ev(3, T.SubmissionApproved, 100)], terms);
    const second = cache.totals.get('searched', searched, count);
    finish[0](7);
    expect([await first, await second, finish.length]).toEqual([7, 7, 1]);
    // A task unpublished while it is counted again: once it comes, the readers after the change get a new count.
    cache.totals.invalidate(() => true);
    const third = cache.totals.get('searched', searched, count);
    cache.changedElsewhere([ev(4, T.TaskDeactivated, 1)], terms);
    const fourth = cache.totals.get('searched', searched, count);
    finish[1](7);
    await new Promise((r) => setImmediate(r));
    finish[2](6);
    expect([await third, await fourth, finish.length]).toEqual([7, 6, 3]);
  });

  it('reads wait until the follower hands over the range, then the answers those events change are gone and no other', async () => {
    const cache = await warm();
    expect(cache.caughtUp()).toBeNull();
    cache.movedElsewhere({ after: cp(10), through: cp(12) }, cp(10));
    let released = false;
    void cache.caughtUp()!.then(() => (released = true));
    // Events up to 10 were this process's own; 11-12 another's; 13 this process's again.
    cache.followedTo([ev(10, T.TaskFunded, 100), ev(11, T.RewardReleased, 1), ev(12, T.SubmissionApproved, 2)], cp(11), terms);
    await Promise.resolve();
    expect(released).toBe(false); // 12 is not handed over yet
    cache.followedTo([ev(12, T.SubmissionApproved, 2), ev(13, T.TaskFunded, 100)], cp(13), terms);
    await Promise.resolve();
    expect(released).toBe(true);
    expect(cache.caughtUp()).toBeNull();
    // The approval (task 2's counters) drops the Design page showing it; its total and the Content answers stay
    // (the funding of 100 at 10 and 13 was this process's own, told by its projection).
    expect(await rowsAndTotals(cache)).toEqual({ designPage: false, designTotal: true });
  });

  it('a read waits only for the ranges known when it came, not for those other processes report while it waits', async () => {
    const cache = await warm();
    cache.movedElsewhere({ after: cp(1), through: cp(2) }, cp(1));
    let released = false;
    void cache.caughtUp()!.then(() => (released = true));
    cache.movedElsewhere({ after: cp(2), through: cp(4) }, cp(1)); // reported after the read came
    cache.followedTo([ev(2, T.RewardReleased, 1)], cp(2), terms);
    await Promise.resolve();
    expect(released).toBe(true);
    // A read coming now waits for the second range.
    expect(cache.caughtUp()).not.toBeNull();
  });

  it('a searched total stays when the tasks a change reaches are all outside its search, one query per search text', async () => {
    const searched: ListingTag = { ...design, search: 'logo' };
    const other: ListingTag = { ...design, search: 'thread' };
    // Tasks 1-9 match "logo"; every task matches "thread" except 3.
    const calls: Array<[number[], string]> = [];
    const misses = async (ids: number[], search: string) => {
      calls.push([ids, search]);
      return ids.filter((id) => (search === 'logo' ? id >= 10 : id === 3)).length;
    };
    for (const [taskId, elsewhere, want] of [[3, true, 'thread'], [12, true, 'logo logo'], [12, false, 'logo logo'], [5, false, '']] as const) {
      const cache = new ListingCache(10, 60_000, async () => null, 200, undefined, undefined, misses);
      // Each total's query answers -1 when asked again.
      const query = (first: number) => {
        let asked = 0;
        return async () => ({ value: asked++ ? -1 : first });
      };
      await cache.totals.get('logo', searched, query(2));
      await cache.totals.get('logo 2', searched, query(2));
      await cache.totals.get('thread', other, query(7));
      calls.length = 0;
      if (elsewhere) {
        cache.movedElsewhere({ after: cp(1), through: cp(2) }, cp(1));
        cache.followedTo([ev(2, T.SubmissionSubmitted, taskId)], cp(2), terms);
      } else {
        const before = { category: 'Design', reward: 5, open: true };
        const filled: TaskListingChange = { id: taskId, before, after: { ...before, open: false }, moved: false, rekeyed: false, counters: null, submitters: [], creatorLineMoved: null };
        cache.changed([filled]);
      }
      const stays = async (key: string, tag: ListingTag) => (await cache.totals.get(key, tag, async () => ({ value: -1 }))) !== -1;
      const kept = [(await stays('logo', searched)) && 'logo', (await stays('logo 2', searched)) && 'logo', (await stays('thread', other)) && 'thread'];
      expect({ taskId, elsewhere, kept: kept.filter(Boolean).join(' ') }).toEqual({ taskId, elsewhere, kept: want });
      // One query per search text the change reached, whatever the number of totals with that text.
      expect(calls.sort()).toEqual([[[taskId], 'logo'], [[taskId], 'thread']]);
    }
  });

  it('a submission elsewhere drops the pages showing the task or ending right before it, and the "available" totals of its terms', async () => {
    for (const [taskId, want] of [[3, { designPage: false, designTotal: false }], [4, { designPage: true, designTotal: false }], [100, { designPage: true, designTotal: true }]] as const) {
      const cache = await warm();
      cache.movedElsewhere({ after: cp(1), through: cp(2) }, cp(1));
      cache.followedTo([ev(2, T.SubmissionSubmitted, taskId)], cp(2), terms);
      expect({ taskId, ...(await rowsAndTotals(cache)) }).toEqual({ taskId, ...want });
    }
  });

  it("a review elsewhere moves its creator's record line: pages showing any task of that creator are dropped; unknown creator, every page", async () => {
    const cache = await warm();
    cache.movedElsewhere({ after: cp(1), through: cp(2) }, cp(1));
    // Task 101 (Content, on no page) is task 1's creator's: the Design page shows that creator's line on task 1.
    cache.followedTo([ev(2, T.SubmissionApproved, 101)], cp(2), terms);
    expect(await rowsAndTotals(cache)).toEqual({ designPage: false, designTotal: true });
    const blind = await warm();
    blind.movedElsewhere({ after: cp(1), through: cp(2) }, cp(1));
    blind.followedTo([ev(2, T.SubmissionApproved, 101)], cp(2), (id) => ({ category: terms(id).category, reward: 5 }));
    expect(await kept(blind)).toBe('design content');
  });

  it('a rejection elsewhere (a slot comes back) drops every "available" answer its terms admit; unknown terms, every one', async () => {
    const cache = await warm();
    cache.movedElsewhere({ after: cp(1), through: cp(2) }, cp(1));
    cache.followedTo([ev(2, T.SubmissionRejected, 100)], cp(2), terms);
    expect(await kept(cache)).toBe('design design');
    const blind = await warm();
    blind.movedElsewhere({ after: cp(1), through: cp(2) }, cp(1));
    blind.followedTo([ev(2, T.TaskDeactivated, 7)], cp(2), () => undefined);
    expect(await kept(blind)).toBe('');
  });

  it('drops everything when the follower already read past the range (it began at the head) or the read models were rebuilt', async () => {
    const cache = await warm();
    cache.movedElsewhere({ after: cp(1), through: cp(5) }, cp(3));
    expect(cache.caughtUp()).toBeNull();
    expect(await kept(cache)).toBe('');
    const rebuilt = await warm();
    rebuilt.movedElsewhere(null, cp(3));
    expect(await kept(rebuilt)).toBe('');
  });

  it('a follower that does not hand the range over in time: the cache is dropped whole and reads go on', async () => {
    jest.useFakeTimers();
    try {
      const late = jest.fn();
      const cache = await warm(late);
      cache.movedElsewhere({ after: cp(1), through: cp(2) }, cp(1));
      const waiting = cache.caughtUp()!;
      jest.advanceTimersByTime(199);
      expect(await Promise.race([waiting.then(() => 'released'), Promise.resolve('waiting')])).toBe('waiting');
      expect(late).not.toHaveBeenCalled();
      jest.advanceTimersByTime(1);
      await waiting;
      expect(late).toHaveBeenCalledTimes(1);
      expect(cache.caughtUp()).toBeNull();
      expect(await kept(cache)).toBe('');
    } finally {
      jest.useRealTimers();
    }
  });

  describe('with a reader of rows (the app: TaskQueries gives one)', () => {
    /** A reader whose rows show `completions: 1` (the fresh state), and the ids of each call. */
    const reader = (fail = false) => {
      const calls: number[][] = [];
      const reload = async (ids: number[]) => {
        calls.push([...ids].sort((a, b) => a - b));
        if (fail) throw new Error('database unreachable');
        return ids.map((id) => ({ ...row(id), completions: 1 }) as unknown as TaskRow);
      };
      return { calls, reload };
    };
    const plain: ListingTag = { search: null, category: 'Design', available: false, viewerId: null };
    const designRows = (cache: ListingCache) =>
      cache.rows.get('design', design, async () => ({ value: { rows: [], nextCursor: 'asked again' } }));

    it('an approval elsewhere: the pages showing the task take its fresh row from one query, no page is asked again', async () => {
      const { calls, reload } = reader();
      const cache = await warm(undefined, reload);
      await cache.rows.get('plain', plain, async () => ({ value: { rows: [row(2), row(5)], nextCursor: null } }));
      cache.movedElsewhere({ after: cp(1), through: cp(2) }, cp(1));
      cache.followedTo([ev(2, T.SubmissionApproved, 2)], cp(2), terms);
      const page = await designRows(cache);
      expect(page.nextCursor).toBe('c');
      expect(page.rows.map((r) => [r.id, r.completions])).toEqual([[1, 0], [2, 1]]);
      const other = await cache.rows.get('plain', plain, async () => ({ value: { rows: [], nextCursor: 'asked again' } }));
      expect(other.rows.map((r) => [r.id, r.completions])).toEqual([[2, 1], [5, 0]]);
      expect(calls).toEqual([[2]]);
      // The totals and the Content page did not change.
      expect(await kept(cache)).toBe('design content design content');
    });

    it("a review elsewhere: the rows of the creator's tasks a page shows are read again (their record line)", async () => {
      const { calls, reload } = reader();
      const cache = await warm(undefined, reload);
      cache.movedElsewhere({ after: cp(1), through: cp(2) }, cp(1));
      cache.followedTo([ev(2, T.SubmissionApproved, 101)], cp(2), terms);
      expect((await designRows(cache)).rows.map((r) => [r.id, r.completions])).toEqual([[1, 1], [2, 0]]);
      expect(calls).toEqual([[1]]);
    });

    it('a review elsewhere of a task whose creator is not known here: its fresh row names the creator, and only pages showing their tasks are asked again', async () => {
      const unknown = (id: number) => (id === 101 || id === 50 ? undefined : terms(id));
      const run = async (reviewed: number) => {
        const { calls, reload } = reader();
        const cache = new ListingCache(10, 60_000, async () => null, 200, undefined, reload);
        const asked: string[] = [];
        const read = async () => {
          await cache.rows.get('design', design, async () => (asked.push('design'), { value: { rows: [row(1), row(2)], nextCursor: 'c', lookAhead: 3 } }));
          await cache.rows.get('content', content, async () => (asked.push('content'), { value: { rows: [row(100)], nextCursor: null } }));
        };
        await read();
        cache.movedElsewhere({ after: cp(1), through: cp(2) }, cp(1));
        cache.followedTo([ev(2, T.SubmissionApproved, reviewed)], cp(2), unknown);
        await read();
        return { askedAgain: asked.slice(2), calls };
      };
      // Task 50: its creator (1050) has no task on a page. Nothing is asked again; one read of its row.
      expect(await run(50)).toEqual({ askedAgain: [], calls: [[50]] });
      // Task 101: its creator (1001) also created task 1, which the Design page shows and which was not read with
      // it: that page is asked again; the Content page stays.
      expect(await run(101)).toEqual({ askedAgain: ['design'], calls: [[101]] });
    });

    it('a submission elsewhere still drops the "available" pages showing the task (it may be full now); other pages take its row', async () => {
      const { calls, reload } = reader();
      const cache = await warm(undefined, reload);
      await cache.rows.get('plain', plain, async () => ({ value: { rows: [row(2)], nextCursor: null } }));
      // The "available" page again, under a query that counts how often it is asked.
      let asked = 0;
      const availablePage = async () => {
        asked++;
        return { value: { rows: [row(1), row(2)], nextCursor: 'c', lookAhead: 3 } };
      };
      await cache.rows.get('design counted', design, availablePage);
      cache.movedElsewhere({ after: cp(1), through: cp(2) }, cp(1));
      cache.followedTo([ev(2, T.SubmissionSubmitted, 2)], cp(2), terms);
      // Its fresh row shows no free slot (the reader's rows are not open): the page is asked again.
      await cache.rows.get('design counted', design, availablePage);
      expect(asked).toBe(2);
      const other = await cache.rows.get('plain', plain, async () => ({ value: { rows: [], nextCursor: 'asked again' } }));
      expect(other.rows.map((r) => [r.id, r.completions])).toEqual([[2, 1]]);
      expect(calls).toEqual([[2]]);
    });

    it('a submission or a rejection elsewhere keeps the "available" answers when the fresh row says the task did not move in or out', async () => {
      const calls: number[][] = [];
      /** Fresh rows: listed, 1 of `max` slots taken. */
      const reloadWith = (max: number) => async (ids: number[]) => {
        calls.push([...ids].sort((a, b) => a - b));
        return ids.map((id) => ({ ...row(id), fundingStatus: 'funded', isActive: true, maxCompletions: max, pendingSubmissions: 1 }) as unknown as TaskRow);
      };
      /** The "available" Design page and total under queries that count how often they are asked. */
      const counted = async (cache: ListingCache) => {
        const asked = { page: 0, total: 0 };
        const page = async () => {
          asked.page++;
          return { value: { rows: [row(1), row(2)], nextCursor: 'c', lookAhead: 3 } };
        };
        const total = async () => {
          asked.total++;
          return { value: 3 };
        };
        const read = async () => {
          const rows = await cache.rows.get('design counted', design, page);
          await cache.totals.get('design counted', design, total);
          return rows;
        };
        await read();
        return { asked, read };
      };
      const elsewhere = async (max: number, type: string, taskId: number) => {
        const cache = await warm(undefined, reloadWith(max));
        const answers = await counted(cache);
        cache.movedElsewhere({ after: cp(1), through: cp(2) }, cp(1));
        cache.followedTo([ev(2, type, taskId)], cp(2), terms);
        const rows = await answers.read();
        return { page: answers.asked.page - 1, total: answers.asked.total - 1, rows };
      };
      // A slot taken on a task still open (1 of 5): nothing asked again, one read of the row, the page takes it.
      const open = await elsewhere(5, T.SubmissionSubmitted, 2);
      expect([open.page, open.total]).toEqual([0, 0]);
      expect(open.rows.rows.map((r) => [r.id, r.pendingSubmissions])).toEqual([[1, 0], [2, 1]]);
      expect(calls).toEqual([[2]]);
      // The one taking the last slot (1 of 1): the page and the total are asked again.
      const filled = await elsewhere(1, T.SubmissionSubmitted, 2);
      expect([filled.page, filled.total]).toEqual([1, 1]);
      // A slot given back on a task that is open now (it may have been full): both asked again...
      const freed = await elsewhere(5, T.SubmissionRejected, 9);
      expect([freed.page, freed.total]).toEqual([1, 1]);
      // ...on one still full (1 of 1), nothing could have entered: both stay.
      const stillFull = await elsewhere(1, T.SubmissionRejected, 9);
      expect([stillFull.page, stillFull.total]).toEqual([0, 0]);
    });

    it('a rejection elsewhere of a task past its deadline (a review cut-off) asks no "available" answer again', async () => {
      for (const deadline of [new Date(Date.now() - 1000), new Date(Date.now() + 3_600_000)]) {
        const calls: number[][] = [];
        // Open (a slot came back); past its deadline it is in no "available" answer, before or after.
        const cache = new ListingCache(10, 60_000, async () => null, 200, undefined, async (ids) => {
          calls.push(ids);
          return ids.map((id) => ({ ...row(id), fundingStatus: 'funded', isActive: true, maxCompletions: 5, deadline }) as unknown as TaskRow);
        });
        let asked = 0;
        const read = async () => {
          await cache.rows.get('design', design, async () => (asked++, { value: { rows: [row(1), row(2)], nextCursor: 'c', lookAhead: 3 } }));
          await cache.totals.get('design', design, async () => (asked++, { value: 3 }));
        };
        await read();
        cache.movedElsewhere({ after: cp(1), through: cp(2) }, cp(1));
        cache.followedTo([ev(2, T.SubmissionRejected, 9)], cp(2), terms);
        await read();
        expect({ deadline, askedAgain: asked - 2, calls }).toEqual({ deadline, askedAgain: deadline.getTime() < Date.now() ? 0 : 2, calls: [[9]] });
      }
    });

    it('a page still being read when changes elsewhere come is revised when it comes, not asked again', async () => {
      const { calls, reload } = reader();
      const cache = new ListingCache(10, 60_000, async () => null, 200, undefined, reload);
      let asked = 0;
      let answer!: () => void;
      const page = () => (asked++, new Promise<{ value: ListedRows }>((r) => (answer = () => r({ value: { rows: [row(1), row(2)], nextCursor: 'c', lookAhead: 3 } }))));
      const before = cache.rows.get('design', design, page);
      cache.movedElsewhere({ after: cp(1), through: cp(3) }, cp(1));
      // An approval of a task the page shows (2), one of a task it cannot show (100): both rows are read at once.
      cache.followedTo([ev(2, T.SubmissionApproved, 2), ev(3, T.SubmissionApproved, 100)], cp(3), terms);
      const after = cache.rows.get('design', design, page);
      await new Promise((r) => setImmediate(r));
      answer();
      const [b, a] = await Promise.all([before, after]);
      expect({ asked, calls, before: b.rows.map((r) => r.completions), after: a.rows.map((r) => r.completions) })
        .toEqual({ asked: 1, calls: [[2, 100]], before: [0, 0], after: [0, 1] });
      // A change that may move a task in or out of it (one unpublished) while it is read: the readers after it
      // have it asked again at once, without waiting for the answer that may be stale.
      const moved = cache.rows.get('other', design, page);
      const answerMoved = answer;
      cache.movedElsewhere({ after: cp(3), through: cp(4) }, cp(3));
      cache.followedTo([ev(4, T.TaskDeactivated, 1)], cp(4), terms);
      const again = cache.rows.get('other', design, page);
      expect(asked).toBe(3);
      answerMoved();
      answer();
      await Promise.all([moved, again]);
    });

    it('a change while the fresh rows are read: the readers after it get the page asked again, once; a failed read drops the page', async () => {
      const { calls, reload } = reader();
      const cache = new ListingCache(10, 60_000, async () => null, 200, undefined, reload);
      let asked = 0;
      const page = async () => (asked++, { value: { rows: [row(1), row(2)], nextCursor: 'c', lookAhead: 3 } });
      await cache.rows.get('design', design, page);
      cache.movedElsewhere({ after: cp(1), through: cp(3) }, cp(1));
      cache.followedTo([ev(2, T.SubmissionApproved, 2)], cp(2), terms);
      // Task 1 unpublished while the page waits for task 2's fresh row: the page may have changed otherwise.
      cache.followedTo([ev(3, T.TaskDeactivated, 1)], cp(3), terms);
      const [a, b] = await Promise.all([cache.rows.get('design', design, page), cache.rows.get('design', design, page)]);
      expect({ asked, calls, same: a === b }).toEqual({ asked: 2, calls: [[2]], same: true });
      // The fresh read fails: its readers get the error, the next read asks again.
      const failing = await warm(undefined, reader(true).reload);
      failing.movedElsewhere({ after: cp(1), through: cp(2) }, cp(1));
      failing.followedTo([ev(2, T.SubmissionApproved, 2)], cp(2), terms);
      await expect(designRows(failing)).rejects.toThrow('database unreachable');
      expect((await designRows(failing)).nextCursor).toBe('asked again');
    });
  });
});
