import request from 'supertest';
import { actor } from '../../test/api/api-actors';
import { startTestApp } from '../../test/test-app';
import { BASE_UNITS_PER_CENT } from '../common/money';
import { EventStore } from '../event-store/event-store';
import { TaskEvents as T } from '../tasks/domain/task.events';
import { APPEAL_OVERTURNED } from './creator-record.projection';

const H = 3600_000;
const T0 = Date.parse('2026-03-02T08:00:00.000Z');
const at = (ms: number) => new Date(T0 + ms).toISOString();

describe('creator-records projection (real PostgreSQL)', () => {
  let ctx: Awaited<ReturnType<typeof startTestApp>>;
  let store: EventStore;
  beforeAll(async () => {
    ctx = await startTestApp();
    store = ctx.app.get(EventStore);
  });
  afterAll(() => ctx.app.close());

  /** A task stream of synthetic but complete facts (exact times: the figures are known to the millisecond). */
  async function taskStream(taskId: number, creatorId: number) {
    let version = 0;
    const stream = `task-${taskId}`;
    const append = async (type: string, data: Record<string, unknown>) => {
      await store.append(stream, version, [{ type, data }]);
      version += 1;
    };
    await append(T.TaskCreated, {
      taskId, creatorId, title: 'Record task', description: 'd', requirements: 'r', category: 'Content', reward: 50,
      maxCompletions: 10, estimatedTime: 5, deadline: '2026-04-01T00:00:00.000Z', submissionType: 'text', isActive: true,
      chainId: 31337, contractAddress: null, escrowAmount: (50n * 10n * BASE_UNITS_PER_CENT).toString(),
      reviewWithinSeconds: 10 * 3600, createdAt: at(-H),
    });
    const submit = (submissionId: number, userId: number, sentAt = 0) => append(T.SubmissionSubmitted, {
      submissionId, taskId, userId, proofLink: null, proofText: 'p', proofFileUrl: null, notes: null,
      createdAt: at(sentAt), reviewDeadline: at(sentAt + 10 * H),
    });
    const decide = (type: string, submissionId: number, userId: number, after: number, auto = false) => append(type, {
      submissionId, taskId, userId, reviewerId: auto ? 0 : creatorId, feedback: 'f', reward: 50, reviewedAt: at(after), ...(auto ? { auto } : {}),
    });
    const released = (submissionId: number, userId: number, amount: bigint, logIndex: number) => append(T.RewardReleased, {
      submissionId, taskId, userId, recipient: '0x0000000000000000000000000000000000000001', amount: amount.toString(), reward: 50,
      chainId: 31337, txHash: `0x${'a'.repeat(63)}${logIndex}`, blockNumber: 1, blockHash: `0x${'b'.repeat(64)}`, logIndex,
    });
    return { append, submit, decide, released };
  }

  const rowsOf = (creatorId: number) => ctx.dataSource.query(`SELECT * FROM creator_records WHERE creator_id = $1`, [creatorId]);
  const record = async (id: number) => (await request(ctx.http).get(`/api/users/${id}/record`).expect(200)).body;

  it('folds submissions, approvals, rejections, auto-approvals, an overturned appeal and releases into exact figures; a rebuild yields the same', async () => {
    const [creator, newcomer] = [await actor(ctx), await actor(ctx)];
    const taskId = 900_000 + creator.id;
    const t = await taskStream(taskId, creator.id);
    const s = (n: number) => taskId * 10 + n;
    for (let n = 1; n <= 6; n++) await t.submit(s(n), 100 + n);
    await t.decide(T.SubmissionApproved, s(1), 101, 2 * H); //               by the creator, on time
    await t.decide(T.SubmissionRejected, s(2), 102, 4 * H); //               by the creator, on time
    await t.decide(T.SubmissionApproved, s(3), 103, 10 * H, true); //        by the system at the deadline
    await t.decide(T.SubmissionApproved, s(4), 104, 12 * H); //              by the creator, late
    // s(5) stays pending
    await t.decide(T.SubmissionRejected, s(6), 106, 1 * H); //               rejected on time, then overturned on appeal
    await t.append(APPEAL_OVERTURNED, { submissionId: s(6), taskId, userId: 106, adminId: 1, reason: 'ok', decidedAt: at(20 * H) });
    await t.released(s(1), 101, 50n * BASE_UNITS_PER_CENT, 1);
    await t.released(s(3), 103, 50n * BASE_UNITS_PER_CENT, 2);
    await t.released(s(4), 104, 50n * BASE_UNITS_PER_CENT, 3);
    await t.append(T.RewardReleaseReverted, { submissionId: s(4), taskId, userId: 104, reward: 50, txHash: `0x${'a'.repeat(63)}3`, logIndex: 3 });
    await t.released(s(6), 106, 2n ** 64n, 4); // exact beyond 2^53: numeric, never a float
    await ctx.projections.catchUp();

    // Review times 1, 2, 4, 10, 12 h: the median is 4 h exactly.
    expect((await record(creator.id)).asCreator).toEqual({
      creatorId: creator.id, submissionsReviewed: 5, medianReviewMs: 4 * H, reviewedBeforeDeadline: 3, approved: 4,
      autoApprovals: 1, appealsOverturned: 1, centPaid: 118, centPaidBaseUnits: (100n * BASE_UNITS_PER_CENT + 2n ** 64n).toString(),
    });

    // An even count: 1, 2, 4, 6, 10, 12 h → the mean of the middle two, 5 h.
    await t.submit(s(7), 107, 0);
    await t.decide(T.SubmissionRejected, s(7), 107, 6 * H);
    await ctx.projections.catchUp();
    const live = await rowsOf(creator.id);
    expect(live).toEqual([expect.objectContaining({ submissions_reviewed: 6, median_review_ms: 5 * H, reviewed_before_deadline: 4, approved: 4 })]);

    // The task list's short line: on the task JSON.
    const line = await ctx.dataSource.query(`SELECT (SELECT json_build_object('reviewed', c.submissions_reviewed) FROM creator_records c WHERE c.creator_id = $1) AS l`, [creator.id]);
    expect(line[0].l).toEqual({ reviewed: 6 });

    // No history: a new creator (zeros, no median), and a user that does not exist is a 404.
    expect((await record(newcomer.id)).asCreator).toEqual({
      creatorId: newcomer.id, submissionsReviewed: 0, medianReviewMs: null, reviewedBeforeDeadline: 0, approved: 0,
      autoApprovals: 0, appealsOverturned: 0, centPaid: 0, centPaidBaseUnits: '0',
    });
    await request(ctx.http).get('/api/users/2147483647/record').expect(404, { message: 'User not found' });
    await request(ctx.http).get('/api/users/abc/record').expect(400);

    // From position 0: the same rows.
    const tables = ['creator_record_tasks', 'creator_record_submissions', 'creator_records'];
    const snapshot = async () => Promise.all(tables.map((tb) => ctx.dataSource.query(`SELECT * FROM ${tb} ORDER BY 1`)));
    const before = await snapshot();
    await ctx.projections.rebuild(['creator-records']);
    expect(await snapshot()).toEqual(before);
  });

  it('a submission to a task it never saw, or with an unreadable time, is left out without stopping the batch', async () => {
    const creator = await actor(ctx);
    const taskId = 950_000 + creator.id;
    await store.append(`task-${taskId}`, 0, [
      { type: T.SubmissionSubmitted, data: { submissionId: taskId * 10, taskId, userId: 5, createdAt: at(0), reviewDeadline: at(H) } },
      { type: T.SubmissionApproved, data: { submissionId: taskId * 10, taskId, userId: 5, reviewerId: 1, reviewedAt: 'not a time', reward: 1 } },
    ]);
    const t = await taskStream(taskId + 1, creator.id);
    await t.submit((taskId + 1) * 10, 7);
    await t.decide(T.SubmissionApproved, (taskId + 1) * 10, 7, 0); // reviewed the same millisecond: 0 ms
    // Changes requested after 3 h, resubmitted, approved after 30 h: the creator's response took 3 h, on time.
    await t.submit((taskId + 1) * 10 + 1, 8);
    await t.append(T.SubmissionChangesRequested, { submissionId: (taskId + 1) * 10 + 1, taskId: taskId + 1, userId: 8, reviewerId: creator.id,
      feedback: 'more', round: 1, requestedAt: at(3 * H), resubmitBy: at(51 * H) });
    await t.decide(T.SubmissionApproved, (taskId + 1) * 10 + 1, 8, 30 * H);
    await ctx.projections.catchUp();
    expect((await record(creator.id)).asCreator).toMatchObject({ submissionsReviewed: 2, medianReviewMs: 1.5 * H, approved: 2, reviewedBeforeDeadline: 2 });
    expect(await ctx.dataSource.query(`SELECT * FROM creator_record_submissions WHERE task_id = $1`, [taskId])).toEqual([]);
  });
});
