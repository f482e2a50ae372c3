import request from 'supertest';
import { applyLogs, refundedLog } from '../../test/fixtures';
import { startTestApp } from '../../test/test-app';
import { escrowAmount } from '../common/money';
import { ReviewSubmissionCommand } from '../tasks/commands/review-submission.command';
import { FIXTURE_TASKS as T, GOOD_REVIEW_TEXT, GOOD_THREAD_TEXT } from '../validation/validation-fixtures';
import { fundedTaskLike, person, submit } from './admin.test-kit';

type Ctx = Awaited<ReturnType<typeof startTestApp>>;
const statusOf = async (ctx: Ctx, id: number) =>
  (await ctx.dataSource.query(`SELECT status, reviewed_by, review_notes, payout_status FROM submissions WHERE id = $1`, [id]))[0];

describe('admin bulk validate (with and without auto-approve) and analytics', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(() => ctx.app.close());

  it('validates every pending submission; auto-approve approves only the eligible ones, like a human approval', async () => {
    const admin = await person(ctx, true);
    const creator = await person(ctx);
    const [u1, u2, u3, u4, u5] = [await person(ctx), await person(ctx), await person(ctx), await person(ctx), await person(ctx)];
    // One submission per task: the test users' wallets are all linked seconds apart (a sybil sign on a shared task).
    const good1 = await submit(ctx.commands, u1.id, await fundedTaskLike(ctx.commands, creator, T.thread), { proofText: GOOD_THREAD_TEXT });
    const good2 = await submit(ctx.commands, u2.id, await fundedTaskLike(ctx.commands, creator, T.appReview), { proofText: GOOD_REVIEW_TEXT });
    const done = await submit(ctx.commands, u3.id, await fundedTaskLike(ctx.commands, creator, T.thread), { proofText: 'Done!' });
    const link = await submit(ctx.commands, u4.id, await fundedTaskLike(ctx.commands, creator, T.retweet), {
      proofLink: 'https://x.com/dora/status/1790000000000000099' });
    const offTopic = await submit(ctx.commands, u5.id, await fundedTaskLike(ctx.commands, creator, T.appReview), {
      proofText: 'The vacuum cleaner is quiet and the battery lasts forty minutes, but the dust box is small and hard to empty.' });

    // Without auto-approve: results only, nothing decided.
    const dry = await request(ctx.http).post('/api/admin/bulk-validate').set('Cookie', admin.cookie).send({ autoApprove: false }).expect(200);
    expect(dry.body.summary).toEqual({ total: 5, approved: 3, rejected: 2, autoApprovalEligible: 2 });
    expect(dry.body.autoApproval.autoApproved).toEqual([]);
    expect(dry.body.autoApproval.requiresReview.map((r: { submissionId: number }) => r.submissionId)).toEqual([good1, good2, done, link, offTopic]);
    expect(dry.body.autoApproval.summary).toBe('2 of 5 submissions eligible for auto-approval (none approved: auto-approve was off); 3 require manual review.');
    expect(dry.body.results.map((r: { submissionId: number; taskTitle: string }) => [r.submissionId, r.taskTitle])).toEqual([
      [good1, T.thread.title], [good2, T.appReview.title], [done, T.thread.title], [link, T.retweet.title], [offTopic, T.appReview.title],
    ]);
    const byId = new Map(dry.body.results.map((r: { submissionId: number; validation: unknown }) => [r.submissionId, r.validation]));
    expect(byId.get(good1)).toMatchObject({ approved: true, autoApprovalEligible: true, riskLevel: 'low' });
    expect(byId.get(link)).toMatchObject({ approved: true, autoApprovalEligible: false });
    expect(byId.get(done)).toMatchObject({ approved: false, autoApprovalEligible: false });
    for (const id of [good1, good2, done, link, offTopic]) expect((await statusOf(ctx, id)).status).toBe('pending');
    expect(dry.body.errors).toEqual([]);

    // With auto-approve: the two eligible ones are approved by the admin, their payouts requested.
    const auto = await request(ctx.http).post('/api/admin/bulk-validate').set('Cookie', admin.cookie).send({ autoApprove: true }).expect(200);
    expect(auto.body.summary).toEqual({ total: 5, approved: 3, rejected: 2, autoApprovalEligible: 2 });
    expect(auto.body.autoApproval.autoApproved.map((r: { submissionId: number }) => r.submissionId)).toEqual([good1, good2]);
    expect(auto.body.autoApproval.requiresReview.map((r: { submissionId: number }) => r.submissionId)).toEqual([done, link, offTopic]);
    expect(auto.body.autoApproval.summary).toBe('2 of 5 submissions auto-approved; 3 require manual review.');
    for (const id of [good1, good2]) {
      expect(await statusOf(ctx, id)).toEqual({
        status: 'approved', reviewed_by: admin.id, payout_status: 'requested',
        review_notes: expect.stringMatching(/^Approved automatically after AI validation \(confidence \d+%, low risk\)\.$/),
      });
    }
    for (const id of [done, link, offTopic]) expect((await statusOf(ctx, id)).status).toBe('pending');
    const [{ n }] = await ctx.dataSource.query(
      `SELECT count(*)::int AS n FROM events WHERE event_type = 'PayoutRequested' AND (data->>'submissionId')::int = ANY($1)`, [[good1, good2]]);
    expect(n).toBe(2);

    // Now the humans decide the rest: agree on "Done!" (reject) and the link (approve), overrule on the off-topic one.
    const reviewer = { id: admin.id, isAdmin: true };
    await ctx.commands.execute(new ReviewSubmissionCommand(reviewer, done, 'rejected', 'No proof of work'));
    await ctx.commands.execute(new ReviewSubmissionCommand(reviewer, link, 'approved', null));
    await ctx.commands.execute(new ReviewSubmissionCommand(reviewer, offTopic, 'approved', null));

    const a = (await request(ctx.http).get('/api/admin/analytics').set('Cookie', admin.cookie).expect(200)).body;
    expect(a.totalValidations).toEqual({ validatedSubmissions: 5, totalSubmissions: 5, share: 1, runs: 10 });
    expect(a.accuracy).toEqual({
      rate: 0.667, agreed: 2, decided: 3, bothApproved: 1, bothRejected: 1, validatorApprovedHumanRejected: 0, validatorRejectedHumanApproved: 1,
    });
    expect(a.averageValidationTimeMs).toBeGreaterThan(0);
    expect(a.autoApproval).toEqual({ rate: 0.4, autoApproved: 2, eligible: 2, eligibleRate: 0.4, recommendedForApproval: 3 });
    expect(a.commonIssues.map((i: { code: string }) => i.code).sort()).toEqual(['boilerplate', 'off_topic']);
    expect(a.commonIssues.find((i: { code: string }) => i.code === 'off_topic')).toEqual({ code: 'off_topic', issue: 'Off-topic proof', count: 1, share: 0.2 });
    expect(a.confidenceBands.map((b: { band: string }) => b.band)).toEqual(['90-100', '70-89', '50-69', '0-49']);
    expect(a.confidenceBands.reduce((s: number, b: { count: number }) => s + b.count, 0)).toBe(5);
    expect(a.perCategory).toEqual(expect.arrayContaining([
      expect.objectContaining({ category: 'Reviews', validated: 2, humanDecided: 1, accuracy: 0, autoApproved: 1 }),
      expect.objectContaining({ category: 'Content', validated: 2, humanDecided: 1, accuracy: 1, autoApproved: 1 }),
      expect.objectContaining({ category: 'Social Media', validated: 1, humanDecided: 1, accuracy: 1, autoApproved: 0 }),
    ]));
    expect(a.recommendation).toMatch(/Reviewers approved 1 submissions the validator flagged/);

    // The analytics table is a projection: a rebuild from the events gives the same figures.
    await ctx.projections.rebuild();
    expect((await request(ctx.http).get('/api/admin/analytics').set('Cookie', admin.cookie).expect(200)).body).toEqual(a);
  });
});

describe('admin bulk approve', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(() => ctx.app.close());

  it('approves pending submissions one by one; a refused one is reported and the rest still go through', async () => {
    const admin = await person(ctx, true);
    const creator = await person(ctx);
    const [u1, u2, u3] = [await person(ctx), await person(ctx), await person(ctx)];
    const task = await fundedTaskLike(ctx.commands, creator, T.thread, { maxCompletions: 5 });
    const s1 = await submit(ctx.commands, u1.id, task, { proofText: 'First thread about the escrow.' });
    const s2 = await submit(ctx.commands, u2.id, task, { proofText: 'Second thread about the escrow.' });
    // A task whose escrow was refunded on chain: the refund closes review, so its pending submission is
    // rejected then (issue 22: none is pending once the refund opens) and bulk approval never sees it.
    const refunded = await fundedTaskLike(ctx.commands, creator, T.appReview, { reward: 30, maxCompletions: 2 });
    const s3 = await submit(ctx.commands, u3.id, refunded, { proofText: 'Onboarding, payments and notifications reviewed.' });
    await applyLogs(ctx.commands, refunded, refundedLog(refunded, creator.wallet, escrowAmount(30, 2)));
    // The admin's own submission: nobody reviews their own work, not even in bulk.
    const s4 = await submit(ctx.commands, admin.id, task, { proofText: 'The admin wrote a thread too.' });
    const s5 = await submit(ctx.commands, u3.id, task, { proofText: 'Third thread about the escrow.' });

    const res = await request(ctx.http).post('/api/admin/bulk-approve').set('Cookie', admin.cookie).send({}).expect(200);
    expect(res.body).toEqual({
      processed: 3,
      skipped: 0,
      errors: [
        { submissionId: s4, message: 'You cannot review your own submission' },
      ],
    });
    for (const id of [s1, s2, s5]) {
      expect(await statusOf(ctx, id)).toMatchObject({ status: 'approved', reviewed_by: admin.id, review_notes: null, payout_status: 'requested' });
    }
    expect((await statusOf(ctx, s3)).status).toBe('rejected');
    expect((await statusOf(ctx, s4)).status).toBe('pending');

    // With explicit ids: decided ones (approved s1, s3 rejected by the refund) are skipped, unknown ones
    // reported, the rest approved in order.
    const u4 = await person(ctx);
    const s6 = await submit(ctx.commands, u4.id, task, { proofText: 'Fourth thread about the escrow.' });
    const picked = await request(ctx.http).post('/api/admin/bulk-approve').set('Cookie', admin.cookie)
      .send({ submissionIds: [s1, 424242, s6, s3] }).expect(200);
    expect(picked.body).toEqual({
      processed: 1,
      skipped: 2,
      errors: [
        { submissionId: 424242, message: 'Submission not found' },
      ],
    });
    expect((await statusOf(ctx, s6)).status).toBe('approved');
    const bad = await request(ctx.http).post('/api/admin/bulk-approve').set('Cookie', admin.cookie).send({ submissionIds: ['x'] }).expect(400);
    expect(bad.body.message).toMatch(/submissionIds/);
  });
});
