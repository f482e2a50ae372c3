import request from 'supertest';
import { startTestApp } from '../../test/test-app';
import { createFundedTask } from '../../test/fixtures';
import { ReviewSubmissionCommand } from '../tasks/commands/review-submission.command';
import { person, submit } from './admin.test-kit';
import { containsPattern } from './queries/admin-dashboard.queries';

/**
 * The Approvals page's search on the server: `GET /api/admin/dashboard?q=` finds submissions by task title or notes
 * (case-insensitive, the text taken literally), together with `status` and through every page, and counts them.
 */
describe('admin submissions search (?q=)', () => {
  let ctx: Awaited<ReturnType<typeof startTestApp>>;
  let admin: Awaited<ReturnType<typeof person>>;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    ctx = await startTestApp();
    admin = await person(ctx, true);
    const creator = await person(ctx);
    const zebra = await createFundedTask(ctx.commands, creator, { title: 'Photograph a Zebra crossing', submissionType: 'text', maxCompletions: 10 });
    const other = await createFundedTask(ctx.commands, creator, { title: 'Translate the FAQ', submissionType: 'text', maxCompletions: 10 });
    const earners = await Promise.all(Array.from({ length: 6 }, () => person(ctx)));
    const proof = (notes: string | undefined) => ({ proofText: 'My proof of the work, with details.', notes });
    ids.z1 = await submit(ctx.commands, earners[0].id, zebra, proof('first'));
    ids.z2 = await submit(ctx.commands, earners[1].id, zebra, proof(undefined));
    ids.z3 = await submit(ctx.commands, earners[2].id, zebra, proof('third'));
    ids.notesZebra = await submit(ctx.commands, earners[3].id, other, proof('Done, and I saw a ZEBRA on the way'));
    ids.percent = await submit(ctx.commands, earners[4].id, other, proof('100% done_now'));
    ids.plain = await submit(ctx.commands, earners[5].id, other, proof('translated all of it'));
    await ctx.commands.execute(new ReviewSubmissionCommand({ id: creator.id, isAdmin: false }, ids.z3, 'rejected', 'Blurry'));
  });
  afterAll(() => ctx.app.close());

  const dashboard = async (query: string) =>
    (await request(ctx.http).get(`/api/admin/dashboard?${query}`).set('Cookie', admin.cookie).expect(200)).body as {
      submissions: Array<{ id: number }>;
      page: { q: string | null; status: string | null; totals: { submissions: number } };
    };
  const idsOf = (b: { submissions: Array<{ id: number }> }) => b.submissions.map((s) => s.id);

  it('matches the task title or the notes, case-insensitively, newest first, and counts the matches', async () => {
    const all = await dashboard('q=zebra');
    expect(idsOf(all)).toEqual([ids.notesZebra, ids.z3, ids.z2, ids.z1]);
    expect(all.page).toMatchObject({ q: 'zebra', status: null, totals: { submissions: 4 } });
    expect(idsOf(await dashboard('q=%20%20ZeBrA%20'))).toEqual(idsOf(all)); // trimmed
    expect(idsOf(await dashboard('q=translated'))).toEqual([ids.plain]);
    const none = await dashboard('q=nothing-like-this');
    expect(none.submissions).toEqual([]);
    expect(none.page.totals.submissions).toBe(0);
  });

  it('pages through the matches on the server', async () => {
    const first = await dashboard('q=zebra&limit=3&offset=0');
    const second = await dashboard('q=zebra&limit=3&offset=3');
    expect(idsOf(first)).toEqual([ids.notesZebra, ids.z3, ids.z2]);
    expect(idsOf(second)).toEqual([ids.z1]);
    expect([first.page.totals.submissions, second.page.totals.submissions]).toEqual([4, 4]);
  });

  it('combines with the status filter', async () => {
    const pending = await dashboard('q=zebra&status=pending');
    expect(idsOf(pending)).toEqual([ids.notesZebra, ids.z2, ids.z1]);
    expect(pending.page.totals.submissions).toBe(3);
    const rejected = await dashboard('q=zebra&status=rejected');
    expect(idsOf(rejected)).toEqual([ids.z3]);
    expect(rejected.page.totals.submissions).toBe(1);
    // No search: the list and its total are the status's, as before.
    const allPending = await dashboard('status=pending');
    expect(allPending.page).toMatchObject({ q: null, totals: { submissions: 5 } });
  });

  it('takes %, _ and \\ literally (no wildcards from the search box)', async () => {
    expect(idsOf(await dashboard(`q=${encodeURIComponent('%')}`))).toEqual([ids.percent]);
    expect(idsOf(await dashboard(`q=${encodeURIComponent('e_n')}`))).toEqual([ids.percent]);
    expect(idsOf(await dashboard(`q=${encodeURIComponent('0%d')}`))).toEqual([]);
    expect(idsOf(await dashboard(`q=${encodeURIComponent('\\')}`))).toEqual([]);
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });

  it('refuses an over-long search, and the route stays admin-only', async () => {
    const long = await request(ctx.http).get(`/api/admin/dashboard?q=${'a'.repeat(201)}`).set('Cookie', admin.cookie).expect(400);
    expect(long.body.message).toMatch(/q must be shorter than or equal to 200 characters/);
    const stranger = await person(ctx);
    await request(ctx.http).get('/api/admin/dashboard?q=zebra').set('Cookie', stranger.cookie).expect(403, { message: 'Admin privileges required' });
    await request(ctx.http).get('/api/admin/dashboard?q=zebra').expect(401, { message: 'Not authenticated' });
  });
});
