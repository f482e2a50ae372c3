import request from 'supertest';
import { DueDecisionScheduler, SYSTEM_REVIEWER, GrantAdminCommand, SubmitProofCommand } from '@cent/backend';
import { DataSource } from 'typeorm';
import { startTestApp, sessionCookieFor } from '@cent/backend/testing';
import { Anvil } from './support/anvil';
import { advanceChainClock } from './support/chain-clock';
import { CENT, EscrowChain } from './support/escrow-chain';
import { IndexerInstance, Stack, TestApi, eventually, startProduct, stopAll } from './support/stack';
import { Person, createAndFundTask, registerCreator, registerUser, submissionRow, submit, taskRow } from './support/scenario';

let n = 0;
/** Proof of one's own: a text and link nobody else sent (the same proof twice is the spam guard's duplicate). */
function ownProof(commands: IndexerInstance['commands'], taskId: number, earner: Person): Promise<number> {
  n += 1;
  const words = ['escrow', 'marketplace', 'reward', 'thread', 'review', 'deadline', 'wallet', 'payout'];
  const text = `Thread ${n} about CENT Tasks: ${words.map((w, i) => words[(i * (n + 3)) % words.length] + w.length * n).join(' ')}. ` +
    `Link https://x.com/earner${n}/status/${1_000_000 + n * 7919}`;
  return commands.execute(new SubmitProofCommand(earner.id, taskId, { proofLink: null, proofText: text, proofFileUrl: null, notes: null }));
}

/**
 * Review deadlines with auto-approval on a real chain and database (issue 22): the scheduler decides on the
 * chain clock, so moving anvil's time (evm_increaseTime + evm_mine) makes submissions fall due; the
 * payout worker pays an automatic approval like any other, and the earner's CENT balance rises by exactly
 * the reward. Two schedulers (the indexer's and an API replica's) race for every decision; exactly one
 * approval and one payout request are recorded. A scheduler stopped in the middle leaves the rest to the next.
 */
describe('review deadlines: auto-approval, spam guard and cut-off on the chain clock', () => {
  let stack: Stack;
  let anvil: Anvil;
  let chain: EscrowChain;
  let env: Record<string, string>;
  let idx: IndexerInstance;
  let api: TestApi;

  const HOUR = 3600;
  const creators = new Map<number, Awaited<ReturnType<typeof registerCreator>>>();

  beforeAll(async () => {
    // A real review window (7 days) so that a 1-hour "auto-approve after" falls due long before the cut-off.
    const clocks = { CHAIN_CLOCK_POLL_MS: '100', SCHEDULER_POLL_MS: '200', REVIEW_CLOSE_MARGIN_SECONDS: String(HOUR) };
    ({ stack, idx, api } = await startProduct(clocks, { reviewWindowSeconds: 7 * 24 * HOUR }));
    ({ anvil, chain, env } = stack);
  });
  afterAll(() => stopAll({ api, idx, stack }));

  /** Moves the chain's time forward and waits until both processes' clocks have seen the new block. */
  const advanceChain = (seconds: number) => advanceChainClock(anvil, [api.app, idx.app], seconds);

  async function events(db: DataSource, taskId: number, type: string): Promise<Array<Record<string, any>>> {
    const rows = await db.query(`SELECT data FROM events WHERE stream_id = $1 AND event_type = $2 ORDER BY global_position`, [`task-${taskId}`, type]);
    return rows.map((r: { data: Record<string, any> }) => r.data);
  }

  async function fundedTask(opts: { reviewWithinSeconds: number; maxCompletions?: number; reward?: number; deadlineInSeconds?: number; creator?: number }) {
    const i = opts.creator ?? 0;
    const creator = creators.get(i) ?? (await registerCreator(idx.commands, chain, i));
    creators.set(i, creator);
    const chainNow = (await anvil.provider.getBlock('latest'))!.timestamp * 1000;
    const deadline = new Date(Math.max(chainNow, Date.now()) + (opts.deadlineInSeconds ?? 24 * HOUR) * 1000);
    const task = await createAndFundTask(idx.commands, chain, creator, {
      reward: opts.reward ?? 7, maxCompletions: opts.maxCompletions ?? 3, deadline, reviewWithinSeconds: opts.reviewWithinSeconds,
    });
    await eventually(async () => (await taskRow(idx.db, task.taskId))?.funding_status === 'funded', 20_000, 'funded');
    return { creator, task };
  }

  it('approves a submission nobody reviewed within the task\'s hour, pays exactly the reward on chain, once across two schedulers', async () => {
    const { creator, task } = await fundedTask({ reviewWithinSeconds: HOUR, reward: 7 });
    const earner = await registerUser(idx.commands);
    const id = await ownProof(idx.commands, task.taskId, earner);
    const before = await chain.token.balanceOf(earner.wallet);

    // The submission JSON carries its deadline; the task JSON its setting.
    const cookie = await sessionCookieFor(api.dataSource, earner.id);
    const sub = (await request(api.http).get(`/api/submissions/${id}`).set('Cookie', cookie).expect(200)).body;
    const row = await submissionRow(idx.db, id);
    expect(new Date(sub.reviewDeadline).getTime()).toBe(Math.floor(new Date(row!.created_at).getTime() / 1000) * 1000 + HOUR * 1000);
    expect(sub).toMatchObject({ status: 'pending', reviewFlag: null, reviewedBySystem: false });
    expect((await request(api.http).get(`/api/tasks/${task.taskId}`).expect(200)).body.reviewWithinHours).toBe(1);

    // Halfway (30 minutes before the deadline of a 1-hour window) the creator is warned, once.
    await advanceChain(HOUR / 2 + 5);
    await eventually(async () => (await events(idx.db, task.taskId, 'SubmissionReviewDueSoon')).length === 1, 20_000, 'the warning');
    const creatorCookie = await sessionCookieFor(api.dataSource, creator.id);
    const notes = (await request(api.http).get('/api/notifications').set('Cookie', creatorCookie).expect(200)).body.items;
    expect(notes.map((n: { kind: string }) => n.kind)).toContain('auto_approval_soon');
    expect((await submissionRow(idx.db, id))!.status).toBe('pending');

    // Past the deadline: approved by the system, paid by the worker.
    await advanceChain(HOUR / 2);
    await eventually(async () => (await submissionRow(idx.db, id))?.payout_status === 'released', 30_000, 'the automatic approval paid on chain');
    expect(await chain.token.balanceOf(earner.wallet) - before).toBe(7n * CENT);
    const approved = await events(idx.db, task.taskId, 'SubmissionApproved');
    expect(approved).toHaveLength(1);
    expect(approved[0]).toMatchObject({ reviewerId: SYSTEM_REVIEWER.id, auto: true, feedback: 'Approved automatically: not reviewed within 1 hour.' });
    expect(await events(idx.db, task.taskId, 'PayoutRequested')).toHaveLength(1);
    expect(await events(idx.db, task.taskId, 'SubmissionReviewDueSoon')).toHaveLength(1);
    const after = (await request(api.http).get(`/api/submissions/${id}`).set('Cookie', cookie).expect(200)).body;
    expect(after).toMatchObject({ status: 'approved', reviewedBy: 0, reviewedBySystem: true, reviewNotes: 'Approved automatically: not reviewed within 1 hour.' });
    const earnerNotes = (await request(api.http).get('/api/notifications').set('Cookie', cookie).expect(200)).body.items;
    expect(earnerNotes.map((n: { kind: string }) => n.kind)).toContain('submission_auto_approved');
  });

  it('two schedulers deciding the same due submissions at once approve each exactly once (never over maxCompletions)', async () => {
    const { task } = await fundedTask({ reviewWithinSeconds: HOUR, maxCompletions: 2, creator: 1 });
    const ids = [];
    for (let i = 0; i < 2; i++) ids.push(await ownProof(idx.commands, task.taskId, await registerUser(idx.commands)));
    await advanceChain(HOUR + 5);
    // Both processes run the due decisions at the same moment (as two leaders would for an instant).
    const a = api.app.get(DueDecisionScheduler);
    const b = idx.app.get(DueDecisionScheduler);
    await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]);
    await eventually(async () => (await events(idx.db, task.taskId, 'SubmissionApproved')).length === 2, 20_000, 'both approved');
    await new Promise((r) => setTimeout(r, 1000)); // further ticks of both schedulers
    const approved = await events(idx.db, task.taskId, 'SubmissionApproved');
    expect(approved.map((e) => e.submissionId).sort()).toEqual([...ids].sort());
    expect(await events(idx.db, task.taskId, 'PayoutRequested')).toHaveLength(2);
    expect(Number((await taskRow(idx.db, task.taskId))!.completions)).toBe(2);
  });

  it('a scheduler stopped in the middle leaves the rest to the next one, each decided once', async () => {
    const { task } = await fundedTask({ reviewWithinSeconds: 2 * HOUR, maxCompletions: 4, creator: 2 });
    const first = await ownProof(idx.commands, task.taskId, await registerUser(idx.commands));
    await advanceChain(HOUR);
    const second = await ownProof(idx.commands, task.taskId, await registerUser(idx.commands));
    // The first falls due; the second an hour later. The API replica is stopped (its scheduler with it) and a new one started.
    await advanceChain(HOUR + 5);
    await eventually(async () => (await submissionRow(idx.db, first))?.status === 'approved', 20_000, 'the first approved');
    await api.close();
    api = await startTestApp(env, env.DATABASE_URL);
    await advanceChain(HOUR);
    await eventually(async () => (await submissionRow(idx.db, second))?.status === 'approved', 20_000, 'the second approved after the restart');
    const approved = await events(idx.db, task.taskId, 'SubmissionApproved');
    expect(approved.map((e) => e.submissionId)).toEqual([first, second]);
  });

  it('spam guard: duplicate proof is not auto-approved but queued for admins, and rejected with its reason at the cut-off', async () => {
    const { task } = await fundedTask({ reviewWithinSeconds: HOUR, maxCompletions: 3, creator: 0, deadlineInSeconds: 2 * HOUR });
    // The same proof text twice: the validator's duplicate signal.
    const a = await submit(idx.commands, task.taskId, await registerUser(idx.commands));
    const b = await submit(idx.commands, task.taskId, await registerUser(idx.commands));
    await advanceChain(HOUR + 5);
    await eventually(async () => (await events(idx.db, task.taskId, 'SubmissionFlaggedForAdmins')).length === 2, 20_000, 'both flagged');
    const flagged = await events(idx.db, task.taskId, 'SubmissionFlaggedForAdmins');
    expect(flagged[0].reason).toMatch(/duplicate proof/);
    expect(await events(idx.db, task.taskId, 'SubmissionApproved')).toHaveLength(0);

    const admin = await registerUser(idx.commands);
    await idx.commands.execute(new GrantAdminCommand(admin.id, 'test'));
    const queue = (await request(api.http).get('/api/admin/review-queue').set('Cookie', await sessionCookieFor(api.dataSource, admin.id)).expect(200)).body;
    const mine = queue.items.filter((i: { taskId: number }) => i.taskId === task.taskId);
    expect(mine.length).toBe(flagged.length);
    expect(mine[0].timeLeftSeconds).toBeGreaterThan(0);

    // Past the cut-off (deadline + 7 days - 1 hour): nothing pending, each flagged one rejected with its reason.
    await advanceChain(7 * 24 * HOUR + 2 * HOUR);
    await eventually(async () => (await events(idx.db, task.taskId, 'TaskReviewCutOff')).length === 1, 20_000, 'the cut-off');
    // The read models follow the event store a moment later (the projection runner): read them once they have it.
    await eventually(async () => {
      const rows = await Promise.all([a, b].map((id) => submissionRow(idx.db, id)));
      return rows.every((r) => r && r.status !== 'pending') && Number((await taskRow(idx.db, task.taskId))!.pending_submissions) === 0;
    }, 20_000, 'the read models past the cut-off');
    for (const id of [a, b]) {
      const row = await submissionRow(idx.db, id);
      expect(row!.status).not.toBe('pending');
      if (flagged.some((f) => f.submissionId === id)) {
        expect(row).toMatchObject({ status: 'rejected', reviewed_by: 0 });
        expect(row!.review_notes).toMatch(/spam guard flagged this submission \(duplicate proof/);
      }
    }
    expect(Number((await taskRow(idx.db, task.taskId))!.pending_submissions)).toBe(0);
  });
});
