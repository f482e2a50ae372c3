import request from 'supertest';
import { startTestApp } from '../../test/test-app';
import { fundedTaskLike, person, submit } from '../admin/admin.test-kit';
import { FIXTURE_TASKS as T, GOOD_THREAD_TEXT } from '../validation/validation-fixtures';
import { reviewEvidenceView } from './queries/review-evidence.view';

/**
 * Issue 22: the reviewers (the task's creator and admins) see the validator's evidence beside the submission: which
 * spam-guard signals fired, their scores and the other submission a copy points at. The earner and strangers never.
 */
describe('the validator evidence on GET /api/submissions/:id (real PostgreSQL)', () => {
  let ctx: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    ctx = await startTestApp();
  });
  afterAll(() => ctx.app.close());

  const get = (id: number, cookie: string) => request(ctx.http).get(`/api/submissions/${id}`).set('Cookie', cookie);

  it('a copy: the creator and admins get the duplicate signal, its score and the copied submission; the earner does not', async () => {
    const [admin, creator, earner, copier, stranger] = [await person(ctx, true), await person(ctx), await person(ctx), await person(ctx), await person(ctx)];
    const taskId = await fundedTaskLike(ctx.commands, creator, T.thread);
    const original = await submit(ctx.commands, earner.id, taskId, { proofText: GOOD_THREAD_TEXT });
    const copied = await submit(ctx.commands, copier.id, taskId, { proofText: `${GOOD_THREAD_TEXT} Mine.` });

    // Not validated yet: the reviewers get an empty record of it.
    expect((await get(copied, creator.cookie).expect(200)).body.evidence).toEqual({
      flag: null, validated: false, riskLevel: null, highRisk: false, confidence: null, qualityScore: null, signals: [],
    });

    await request(ctx.http).post(`/api/admin/validate-submission/${copied}`).set('Cookie', admin.cookie).expect(200);
    for (const reviewer of [creator, admin]) {
      const { evidence } = (await get(copied, reviewer.cookie).expect(200)).body;
      expect(evidence).toMatchObject({ validated: true, riskLevel: 'high', highRisk: true });
      expect(evidence.signals).toEqual([{
        code: 'duplicate_text', label: "Copy of another user's text", kind: 'duplicate proof',
        score: expect.any(Number), related: [{ submissionId: original, taskId }],
      }]);
      expect(evidence.signals[0].score).toBeGreaterThanOrEqual(0.6);
      expect(evidence.signals[0].score).toBeLessThan(1);
    }
    expect((await get(copied, copier.cookie).expect(200)).body).not.toHaveProperty('evidence');
    expect((await get(copied, stranger.cookie).expect(403)).body).not.toHaveProperty('evidence');
    // The original is no copy: nothing to show.
    expect((await get(original, creator.cookie).expect(200)).body.evidence.signals).toEqual([]);
  });

  it('a validation stored before scores were kept shows its signal codes without score or related submissions', () => {
    const old = { riskLevel: 'high', confidence: 0.3, qualityScore: 20, audit: { signals: ['duplicate_image', 'too_short', 'sybil_cluster'], validator: 'heuristic', autoApproveRequested: false } };
    expect(reviewEvidenceView(old as never, 'duplicate proof')).toEqual({
      flag: 'duplicate proof', validated: true, riskLevel: 'high', highRisk: true, confidence: 0.3, qualityScore: 20,
      signals: [
        { code: 'duplicate_image', label: "Same image file as another user's", kind: 'duplicate proof', score: null, related: [] },
        { code: 'sybil_cluster', label: 'Wallets linked minutes apart on the same task', kind: 'sybil signals', score: null, related: [] },
      ],
    });
    // Junk in the stored JSON (it is event data from any past version) is dropped, never thrown on.
    const junk = { audit: { signals: ['duplicate_link', 7], evidence: [{ code: 'duplicate_link', score: 'x', related: [{ submissionId: 'a' }, null, { submissionId: 3, taskId: 4 }] }] } };
    expect(reviewEvidenceView(junk as never, null).signals).toEqual([
      { code: 'duplicate_link', label: "Same link as another user's", kind: 'duplicate proof', score: null, related: [{ submissionId: 3, taskId: 4 }] },
    ]);
  });
});
