import request from 'supertest';
import { startTestApp } from '../../test/test-app';
import { fundedTaskLike, person, submit } from '../admin/admin.test-kit';
import { FIXTURE_TASKS as T, GOOD_REVIEW_TEXT, GOOD_THREAD_TEXT } from '../validation/validation-fixtures';
import { ReviewSubmissionCommand } from '../tasks/commands/review-submission.command';

/**
 * GET /api/submissions/:id hands the stored AI validation to admins only (the review dialog shows it when an admin
 * reopens a validated submission); the earner, the creator and strangers never see it, before or after a decision.
 */
describe('stored AI validation on GET /api/submissions/:id', () => {
  let ctx: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(() => ctx.app.close());

  const get = (id: number, cookie?: string) => {
    const r = request(ctx.http).get(`/api/submissions/${id}`);
    return cookie ? r.set('Cookie', cookie) : r;
  };
  const validate = async (id: number, cookie: string) =>
    (await request(ctx.http).post(`/api/admin/validate-submission/${id}`).set('Cookie', cookie).expect(200)).body;

  it('a clean proof (validated first in this database): no evidence, the admin who is also its creator sees it', async () => {
    const [adminCreator, earner] = [await person(ctx, true), await person(ctx)];
    const taskId = await fundedTaskLike(ctx.commands, adminCreator, T.appReview);
    const id = await submit(ctx.commands, earner.id, taskId, { proofText: GOOD_REVIEW_TEXT });
    const result = await validate(id, adminCreator.cookie);
    expect(result.autoApprovalEligible).toBe(true);
    const { aiValidation } = (await get(id, adminCreator.cookie).expect(200)).body;
    expect(aiValidation).toMatchObject({ ...result, evidence: [], validator: 'heuristic', validatedBy: adminCreator.id });
    expect((await get(id, earner.cookie).expect(200)).body).not.toHaveProperty('aiValidation');
  });

  it('gives admins the stored result with its evidence, who ran it and when; never the earner, the creator or a stranger', async () => {
    const [admin, admin2, creator, earner, copier, stranger] = [
      await person(ctx, true), await person(ctx, true), await person(ctx), await person(ctx), await person(ctx), await person(ctx),
    ];
    const taskId = await fundedTaskLike(ctx.commands, creator, T.thread);
    const original = await submit(ctx.commands, earner.id, taskId, { proofText: GOOD_THREAD_TEXT });
    const copied = await submit(ctx.commands, copier.id, taskId, { proofText: GOOD_THREAD_TEXT, notes: 'mine too' });

    // Not validated yet: admins get an explicit null, the others no such key.
    expect((await get(copied, admin.cookie).expect(200)).body.aiValidation).toBeNull();
    expect((await get(copied, copier.cookie).expect(200)).body).not.toHaveProperty('aiValidation');

    const before = Date.now();
    const result = await validate(copied, admin.cookie);
    const seen = (await get(copied, admin.cookie).expect(200)).body;
    expect(seen.aiValidated).toBe(true);
    expect(seen.aiValidation).toEqual({
      ...result,
      evidence: ["Copy of another user's text"],
      validator: 'heuristic',
      validatedAt: expect.any(String),
      validatedBy: admin.id,
    });
    expect(seen.aiValidation.issues.join()).toContain(`submission #${original}`);
    expect(new Date(seen.aiValidation.validatedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);

    for (const who of [copier, creator]) {
      const body = (await get(copied, who.cookie).expect(200)).body;
      expect(body.aiValidated).toBe(true);
      expect(body).not.toHaveProperty('aiValidation');
      expect(JSON.stringify(body)).not.toContain(`#${original}`);
    }
    const refused = await get(copied, stranger.cookie).expect(403);
    expect(refused.body).not.toHaveProperty('aiValidation');
    const anon = await get(copied).expect(401);
    expect(anon.body).toEqual({ message: 'Not authenticated' });

    // A second run replaces what is shown: the newest result, its admin.
    await validate(copied, admin2.cookie);
    expect((await get(copied, admin.cookie).expect(200)).body.aiValidation.validatedBy).toBe(admin2.id);

    // After a decision the stored validation stays with the admins, and still only with them.
    await ctx.commands.execute(new ReviewSubmissionCommand({ id: creator.id, isAdmin: false }, copied, 'rejected', 'Copied text'));
    expect((await get(copied, admin.cookie).expect(200)).body.aiValidation.evidence).toEqual(["Copy of another user's text"]);
    expect((await get(copied, copier.cookie).expect(200)).body).not.toHaveProperty('aiValidation');
  });
});
