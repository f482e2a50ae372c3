import request from 'supertest';
import { applyLogs, centToBaseUnits, createFundedTask, registerWalletUser, releasedLog } from '../../../test/fixtures';
import { Replica, startReplica } from '../../../test/replica';
import { sessionCookieFor } from '../../../test/session-cookie';
import { openSse, SseClient } from '../../../test/sse-client';
import { EventStore } from '../../event-store/event-store';
import { StoreFollower } from '../../live/store-follower';
import { ReviewSubmissionCommand } from '../commands/review-submission.command';
import { SubmitProofCommand } from '../commands/submit-proof.command';
import { SetTaskActiveCommand } from '../commands/set-task-active.command';

// A follower slower than the wait (a busy test machine) would drop the cache whole: right, but not what is tested.
const ENV = { LIST_CACHE_TTL_MS: '600000', LIVE_POLL_MS: '50', LIST_CACHE_FOLLOWER_WAIT_MS: '20000' };

/**
 * Two backend replicas on one database. Replica B's list cache learns what replica A (another process as far
 * as B can tell: it shares only the database) changed from the events B's store follower reads, so it drops
 * only the answers those events can change. B's own projection runner is stopped while A writes, so every
 * event here is applied by A and reaches B as "moved elsewhere" when B catches up.
 */
describe('the list cache of a replica whose read models another process moved', () => {
  let a: Replica;
  let b: Replica;
  /** A replica without a page cache: what the database answers. */
  let truthful: Replica;
  beforeAll(async () => {
    a = await startReplica(ENV);
    b = await startReplica(ENV, a.databaseUrl);
    truthful = await startReplica({ LIST_CACHE_TTL_MS: '0' }, a.databaseUrl);
  });
  afterAll(async () => {
    await truthful.app.close();
    await b.app.close();
    await a.app.close();
  });

  const list = async (r: Replica, query: string) => (await request(r.http).get(`/api/tasks?${query}`).expect(200)).body;
  /** What the database answers now: B's list must say the same, never a page from before the change. */
  const truth = (query: string) => list(truthful, query);
  /** B's runner applies nothing while A writes, then catches up (the moves are then all "elsewhere"). */
  const elsewhere = async (write: () => Promise<unknown>, reader: Replica = b) => {
    await reader.projections.stop();
    try {
      await write();
      await a.projections.waitFor(a.app.get(EventStore).latestAppended);
    } finally {
      await reader.projections.catchUp();
      reader.projections.start();
    }
  };
  const submit = (r: Replica, userId: number, taskId: number): Promise<number> =>
    r.commands.execute(new SubmitProofCommand(userId, taskId, { proofLink: null, proofText: 'done', proofFileUrl: null, notes: null }));

  it('keeps its pages when another process applies a payout (no listed field changed), and shows every other change', async () => {
    const creator = await registerWalletUser(a.commands);
    const [e1, e2, e3] = [await registerWalletUser(a.commands), await registerWalletUser(a.commands), await registerWalletUser(a.commands)];
    const paid = await createFundedTask(a.commands, creator, { category: 'Research', reward: 7, maxCompletions: 3, title: 'Paid task' });
    const single = await createFundedTask(a.commands, creator, { category: 'Research', reward: 9, maxCompletions: 1, title: 'Single slot' });
    const s1 = await submit(a, e1.id, paid);
    await a.commands.execute(new ReviewSubmissionCommand({ id: creator.id, isAdmin: false }, s1, 'approved', null));
    const queries = ['limit=24&category=Research', 'limit=24&category=Research&available=true', 'limit=1&category=Research&available=true&sort=reward-low'];
    await b.projections.catchUp();
    const warm = await Promise.all(queries.map((q) => list(b, q)));
    expect(warm).toEqual(await Promise.all(queries.map(truth)));

    // A title changed behind the app's back (on a task the payout does not touch, so its projection does not
    // write the row again): B answers from its cache only while it still shows the old one.
    await a.dataSource.query(`UPDATE tasks SET title = 'Changed behind the cache' WHERE id = $1`, [single]);
    await elsewhere(async () => expect(await applyLogs(a.commands, paid, releasedLog(paid, s1, e1.wallet, centToBaseUnits(7)))).toEqual([expect.objectContaining({ result: "applied" })]));
    expect(await Promise.all(queries.map((q) => list(b, q)))).toEqual(warm);
    await a.dataSource.query(`UPDATE tasks SET title = 'Single slot' WHERE id = $1`, [single]);

    // Every change that does show: a submission (counters), filling the single slot (leaves "available"),
    // an approval, a rejection (a slot comes back), unpublishing, a new funded task.
    const steps: Array<[string, () => Promise<unknown>]> = [
      ['submission', () => submit(a, e2.id, paid)],
      ['slot filled', () => submit(a, e3.id, single)],
      ['approval', async () => a.commands.execute(new ReviewSubmissionCommand({ id: creator.id, isAdmin: false }, (await pendingOf(single))[0], 'approved', null))],
      ['rejection', async () => a.commands.execute(new ReviewSubmissionCommand({ id: creator.id, isAdmin: false }, (await pendingOf(paid))[0], 'rejected', 'no'))],
      ['unpublished', () => a.commands.execute(new SetTaskActiveCommand({ id: creator.id, isAdmin: false }, paid, false))],
      ['new task', () => createFundedTask(a.commands, creator, { category: 'Research', reward: 1, title: 'Newcomer' })],
    ];
    for (const [step, write] of steps) {
      await elsewhere(write);
      for (const q of queries) expect({ step, q, page: await list(b, q) }).toEqual({ step, q, page: await truth(q) });
    }
  });

  it('a browser told of a change on replica B by its stream finds it in B\'s list when it asks again', async () => {
    const creator = await registerWalletUser(a.commands);
    const earners = await Promise.all([1, 2, 3, 4].map(() => registerWalletUser(a.commands)));
    const taskId = await createFundedTask(a.commands, creator, { category: 'Referral', maxCompletions: 10, title: 'Told by the stream' });
    const q = 'limit=24&category=Referral';
    const streams: SseClient[] = [];
    try {
      for (const earner of earners) {
        const stream = await openSse(b.url, await sessionCookieFor(a.dataSource, earner.id));
        streams.push(stream);
        await stream.next((f) => f.event === 'ready', 'ready');
        // B's page is cached before each change (either runner may apply A's events: both paths are taken).
        await list(b, q);
        const id = await submit(a, earner.id, taskId);
        await a.commands.execute(new ReviewSubmissionCommand({ id: creator.id, isAdmin: false }, id, 'approved', null));
        await stream.next((f) => f.event === 'change' && f.data.kind === 'submission_approved' && f.data.submissionId === id, 'approval');
        const shown = (await list(b, q)).items.find((t: { id: number }) => t.id === taskId);
        expect(shown).toMatchObject({ completions: earners.indexOf(earner) + 1, pendingSubmissions: 0 });
      }
    } finally {
      for (const s of streams) s.close();
    }
  });

  it('with its store follower stopped, still keeps the pages a payout elsewhere did not change and shows every other change at once', async () => {
    const c = await startReplica(ENV, a.databaseUrl);
    try {
      // The batch that found the changes read which events they were: nothing waits for the follower (a read
      // that did would wait LIST_CACHE_FOLLOWER_WAIT_MS, 20 s, past each request's 5 s), and without those
      // events the cache could only be dropped whole.
      await c.app.get(StoreFollower).onModuleDestroy();
      const listAtOnce = async (query: string) => (await request(c.http).get(`/api/tasks?${query}`).timeout(5_000).expect(200)).body;
      const creator = await registerWalletUser(a.commands);
      const [e1, e2, e3] = [await registerWalletUser(a.commands), await registerWalletUser(a.commands), await registerWalletUser(a.commands)];
      const paid = await createFundedTask(a.commands, creator, { category: 'Testing', reward: 7, maxCompletions: 3, title: 'Paid without a follower' });
      const other = await createFundedTask(a.commands, creator, { category: 'Testing', maxCompletions: 1, title: 'Other' });
      const s1 = await submit(a, e1.id, paid);
      await a.commands.execute(new ReviewSubmissionCommand({ id: creator.id, isAdmin: false }, s1, 'approved', null));
      const queries = ['limit=24&category=Testing', 'limit=24&category=Testing&available=true'];
      await c.projections.catchUp();
      const warm = await Promise.all(queries.map(listAtOnce));
      expect(warm).toEqual(await Promise.all(queries.map(truth)));

      await a.dataSource.query(`UPDATE tasks SET title = 'Changed behind the cache' WHERE id = $1`, [other]);
      await elsewhere(() => applyLogs(a.commands, paid, releasedLog(paid, s1, e1.wallet, centToBaseUnits(7))), c);
      expect(await Promise.all(queries.map(listAtOnce))).toEqual(warm);
      await a.dataSource.query(`UPDATE tasks SET title = 'Other' WHERE id = $1`, [other]);

      for (const [earner, taskId] of [[e2, paid], [e3, other]] as const) {
        await elsewhere(() => submit(a, earner.id, taskId), c);
        for (const q of queries) expect({ q, page: await listAtOnce(q) }).toEqual({ q, page: await truth(q) });
      }
    } finally {
      await c.app.close();
    }
  });

  async function pendingOf(taskId: number): Promise<number[]> {
    return (await a.dataSource.query(`SELECT id FROM submissions WHERE task_id = $1 AND status = 'pending' ORDER BY id`, [taskId])).map((r: { id: number }) => r.id);
  }
});
