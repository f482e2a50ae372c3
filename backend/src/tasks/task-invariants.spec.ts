import { applyLogs, chainFact, createFundedTask, fundedLog, registerWalletUser } from '../../test/fixtures';
import { startTestDomain, TestContext } from '../../test/test-app';
import { DomainError } from '../common/domain-error';
import { CreateTaskCommand } from './commands/create-task.command';
import { SubmitProofCommand } from './commands/submit-proof.command';
import { ReviewSubmissionCommand } from './commands/review-submission.command';
import { ReleasedLog } from './commands/apply-escrow-logs.command';
import { taskInput } from '../../test/fixtures';
import { MESSAGES } from './domain/task.aggregate';
import { AppealRejectionCommand } from './commands/appeal-rejection.command';
import { DecideAppealCommand } from './commands/decide-appeal.command';
import { ResubmitProofCommand } from './commands/resubmit-proof.command';
import { GrantAdminCommand } from '../users/commands/grant-admin.command';

const proof = (text = 'I wrote the thread: https://x.com/a/1') => ({ proofLink: null, proofText: text, proofFileUrl: null, notes: null });

async function outcomes<T>(promises: Promise<T>[]) {
  const settled = await Promise.allSettled(promises);
  return {
    ok: settled.filter((s): s is PromiseFulfilledResult<Awaited<T>> => s.status === 'fulfilled').map((s) => s.value as T),
    errors: settled.filter((s): s is PromiseRejectedResult => s.status === 'rejected').map((s) => s.reason as DomainError),
  };
}

describe('task aggregate invariants under concurrency (real PostgreSQL)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestDomain({ COMMAND_MAX_RETRIES: '60' });
  });
  afterAll(() => ctx.close());

  it('accepts exactly maxCompletions of 50 concurrent submissions and refuses the rest with the spec message', async () => {
    const creator = await registerWalletUser(ctx.commands);
    const taskId = await createFundedTask(ctx.commands, creator, { maxCompletions: 5 });
    const earners = await Promise.all(Array.from({ length: 50 }, () => registerWalletUser(ctx.commands)));
    const { ok, errors } = await outcomes(earners.map((u) => ctx.commands.execute(new SubmitProofCommand(u.id, taskId, proof()))));
    expect(ok).toHaveLength(5);
    expect(errors).toHaveLength(45);
    for (const e of errors) {
      expect(e).toBeInstanceOf(DomainError);
      expect(e.status).toBe(409);
      expect(e.message).toBe('This task has reached its maximum of 5 submissions.');
    }
    const [row] = await ctx.dataSource.query(`SELECT total_submissions, pending_submissions FROM tasks WHERE id = $1`, [taskId]);
    expect(row).toEqual({ total_submissions: 5, pending_submissions: 5 });
    const [{ count }] = await ctx.dataSource.query(`SELECT count(*)::int AS count FROM submissions WHERE task_id = $1`, [taskId]);
    expect(count).toBe(5);
  });

  it('records exactly one approval when 20 reviewers approve one submission at once', async () => {
    const creator = await registerWalletUser(ctx.commands);
    const earner = await registerWalletUser(ctx.commands);
    const taskId = await createFundedTask(ctx.commands, creator);
    const submissionId: number = await ctx.commands.execute(new SubmitProofCommand(earner.id, taskId, proof()));
    const { ok, errors } = await outcomes(
      Array.from({ length: 20 }, () =>
        ctx.commands.execute(new ReviewSubmissionCommand({ id: creator.id, isAdmin: false }, submissionId, 'approved', null)),
      ),
    );
    expect(ok).toHaveLength(1);
    expect(errors.every((e) => e.message === 'This submission has already been approved')).toBe(true);
    const approvals = await ctx.dataSource.query(
      `SELECT count(*)::int AS n FROM events WHERE stream_id = $1 AND event_type = 'SubmissionApproved'`,
      [`task-${taskId}`],
    );
    expect(approvals[0].n).toBe(1);
    const payouts = await ctx.dataSource.query(
      `SELECT count(*)::int AS n FROM events WHERE stream_id = $1 AND event_type = 'PayoutRequested'`,
      [`task-${taskId}`],
    );
    expect(payouts[0].n).toBe(1);
  });

  it('keeps one submission when a user submits twice at the same time', async () => {
    const creator = await registerWalletUser(ctx.commands);
    const earner = await registerWalletUser(ctx.commands);
    const taskId = await createFundedTask(ctx.commands, creator);
    const { ok, errors } = await outcomes(
      Array.from({ length: 6 }, () => ctx.commands.execute(new SubmitProofCommand(earner.id, taskId, proof()))),
    );
    expect(ok).toHaveLength(1);
    expect(errors.map((e) => e.message)).toEqual(Array(5).fill(MESSAGES.alreadySubmitted));
  });

  it('frees a slot on rejection and never approves past maxCompletions', async () => {
    const creator = await registerWalletUser(ctx.commands);
    const taskId = await createFundedTask(ctx.commands, creator, { maxCompletions: 1 });
    const [a, b] = await Promise.all([registerWalletUser(ctx.commands), registerWalletUser(ctx.commands)]);
    const sa: number = await ctx.commands.execute(new SubmitProofCommand(a.id, taskId, proof()));
    await expect(ctx.commands.execute(new SubmitProofCommand(b.id, taskId, proof()))).rejects.toThrow(MESSAGES.full(1));
    const reviewer = { id: creator.id, isAdmin: false };
    await expect(ctx.commands.execute(new ReviewSubmissionCommand(reviewer, sa, 'rejected', '  '))).rejects.toThrow(MESSAGES.feedbackRequired);
    await ctx.commands.execute(new ReviewSubmissionCommand(reviewer, sa, 'rejected', 'Off topic'));
    const sb: number = await ctx.commands.execute(new SubmitProofCommand(b.id, taskId, proof()));
    await ctx.commands.execute(new ReviewSubmissionCommand(reviewer, sb, 'approved', null));
    const [row] = await ctx.dataSource.query(`SELECT completions, total_submissions, pending_submissions FROM tasks WHERE id = $1`, [taskId]);
    expect(row).toEqual({ completions: 1, total_submissions: 2, pending_submissions: 0 });
  });

  it('enforces who may submit and decide', async () => {
    const creator = await registerWalletUser(ctx.commands);
    const other = await registerWalletUser(ctx.commands);
    const earner = await registerWalletUser(ctx.commands);
    const taskId = await createFundedTask(ctx.commands, creator);
    await expect(ctx.commands.execute(new SubmitProofCommand(creator.id, taskId, proof()))).rejects.toMatchObject({ status: 403, message: MESSAGES.ownTask });
    const s: number = await ctx.commands.execute(new SubmitProofCommand(earner.id, taskId, proof()));
    await expect(ctx.commands.execute(new ReviewSubmissionCommand({ id: other.id, isAdmin: false }, s, 'approved', null))).rejects.toMatchObject({ status: 403, message: MESSAGES.notReviewer });
    await expect(ctx.commands.execute(new ReviewSubmissionCommand({ id: earner.id, isAdmin: true }, s, 'approved', null))).rejects.toMatchObject({ status: 403, message: MESSAGES.ownSubmission });
    await ctx.commands.execute(new ReviewSubmissionCommand({ id: other.id, isAdmin: true }, s, 'rejected', 'Needs a link'));
    await expect(ctx.commands.execute(new ReviewSubmissionCommand({ id: creator.id, isAdmin: false }, s, 'approved', null))).rejects.toMatchObject({ status: 409 });
  });

  it('refuses proof of the wrong type and submissions to unfunded, inactive or expired tasks', async () => {
    const creator = await registerWalletUser(ctx.commands);
    const earner = await registerWalletUser(ctx.commands);
    const linkTask = await createFundedTask(ctx.commands, creator, { submissionType: 'link' });
    await expect(ctx.commands.execute(new SubmitProofCommand(earner.id, linkTask, proof()))).rejects.toThrow(MESSAGES.missingLink);
    await expect(
      ctx.commands.execute(new SubmitProofCommand(earner.id, linkTask, { ...proof(), proofLink: 'javascript:alert(1)' })),
    ).rejects.toThrow('Please enter a valid URL');
    const fileTask = await createFundedTask(ctx.commands, creator, { submissionType: 'file' });
    await expect(ctx.commands.execute(new SubmitProofCommand(earner.id, fileTask, proof()))).rejects.toThrow(MESSAGES.missingFile);
    const unfunded: number = await ctx.commands.execute(new CreateTaskCommand(creator.id, taskInput()));
    await expect(ctx.commands.execute(new SubmitProofCommand(earner.id, unfunded, proof()))).rejects.toThrow(MESSAGES.notFunded);
    const draft = await createFundedTask(ctx.commands, creator, { isActive: false });
    await expect(ctx.commands.execute(new SubmitProofCommand(earner.id, draft, proof()))).rejects.toThrow(MESSAGES.inactive);
    await expect(ctx.commands.execute(new SubmitProofCommand(earner.id, 999_999, proof()))).rejects.toMatchObject({ status: 404 });
  });

  it('applies the same chain log twice as a no-op (ApplyEscrowLogs, the production path)', async () => {
    const creator = await registerWalletUser(ctx.commands);
    const earner = await registerWalletUser(ctx.commands);
    const input = taskInput({ reward: 70 });
    const taskId: number = await ctx.commands.execute(new CreateTaskCommand(creator.id, input));
    const funding = fundedLog(taskId, creator.wallet, input);
    expect(await applyLogs(ctx.commands, taskId, funding)).toEqual([{ result: 'applied' }]);
    expect(await applyLogs(ctx.commands, taskId, funding)).toEqual([{ result: 'duplicate' }]);
    const s: number = await ctx.commands.execute(new SubmitProofCommand(earner.id, taskId, proof()));
    await ctx.commands.execute(new ReviewSubmissionCommand({ id: creator.id, isAdmin: false }, s, 'approved', null));
    const release: ReleasedLog = { kind: 'released', fact: chainFact({ logIndex: 3 }), key: funding.key, submissionId: s, recipient: earner.wallet, amount: 70n * 10n ** 18n };
    const snapshot = async () => ({
      events: (await ctx.dataSource.query(`SELECT count(*)::int AS n FROM events`))[0].n,
      board: await ctx.dataSource.query(`SELECT user_id, total_earned, completed_tasks FROM leaderboard WHERE user_id = $1`, [earner.id]),
      sub: await ctx.dataSource.query(`SELECT payout_status, transaction_hash FROM submissions WHERE id = $1`, [s]),
      task: await ctx.dataSource.query(`SELECT funding_status, released_amount FROM tasks WHERE id = $1`, [taskId]),
    });
    expect(await applyLogs(ctx.commands, taskId, release)).toEqual([{ result: 'applied' }]);
    const once = await snapshot();
    // Again alone, and again in a range together with the funding (a re-read range after a crash).
    expect(await applyLogs(ctx.commands, taskId, release)).toEqual([{ result: 'duplicate' }]);
    expect(await applyLogs(ctx.commands, taskId, funding, release)).toEqual([{ result: 'duplicate' }, { result: 'duplicate' }]);
    expect(await snapshot()).toEqual(once);
    expect(once.board).toEqual([{ user_id: earner.id, total_earned: '70', completed_tasks: 1 }]);
    expect(once.sub).toEqual([{ payout_status: 'released', transaction_hash: release.fact.txHash }]);
    expect(once.task).toEqual([{ funding_status: 'funded', released_amount: '70000000000000000000' }]);
  });

  // Issue 22: revisions and appeals hold slots; concurrency never makes a task approve (or hold) more than maxCompletions.
  it('an appeal and 20 new submissions race for the one free slot: exactly one wins', async () => {
    const creator = await registerWalletUser(ctx.commands);
    const earner = await registerWalletUser(ctx.commands);
    const taskId = await createFundedTask(ctx.commands, creator, { maxCompletions: 1 });
    const s: number = await ctx.commands.execute(new SubmitProofCommand(earner.id, taskId, proof()));
    await ctx.commands.execute(new ReviewSubmissionCommand({ id: creator.id, isAdmin: false }, s, 'rejected', 'no'));
    const others = await Promise.all(Array.from({ length: 20 }, () => registerWalletUser(ctx.commands)));
    const { ok, errors } = await outcomes<unknown>([
      ctx.commands.execute(new AppealRejectionCommand(earner.id, s, 'please look again')),
      ...others.map((u) => ctx.commands.execute(new SubmitProofCommand(u.id, taskId, proof(`other proof ${u.id}`)))),
    ]);
    expect(ok).toHaveLength(1);
    expect(errors).toHaveLength(20);
    expect(errors.every((e) => e instanceof DomainError && e.status === 409)).toBe(true);
    const [row] = await ctx.dataSource.query(`SELECT pending_submissions, completions FROM tasks WHERE id = $1`, [taskId]);
    expect(row).toEqual({ pending_submissions: 1, completions: 0 });
  });

  it('10 admins overturning one appeal at once approve it once, with one payout request', async () => {
    const creator = await registerWalletUser(ctx.commands);
    const earner = await registerWalletUser(ctx.commands);
    const admins = await Promise.all(Array.from({ length: 10 }, () => registerWalletUser(ctx.commands)));
    for (const a of admins) await ctx.commands.execute(new GrantAdminCommand(a.id, 'test'));
    const taskId = await createFundedTask(ctx.commands, creator, { maxCompletions: 1 });
    const s: number = await ctx.commands.execute(new SubmitProofCommand(earner.id, taskId, proof()));
    await ctx.commands.execute(new ReviewSubmissionCommand({ id: creator.id, isAdmin: false }, s, 'rejected', 'no'));
    await ctx.commands.execute(new AppealRejectionCommand(earner.id, s, 'please'));
    const { ok, errors } = await outcomes(admins.map((a) => ctx.commands.execute(new DecideAppealCommand({ id: a.id, isAdmin: true }, s, 'overturned', null))));
    expect(ok).toHaveLength(1);
    expect(errors.every((e) => e.status === 409)).toBe(true);
    const counts = await ctx.dataSource.query(
      `SELECT event_type, count(*)::int AS n FROM events WHERE stream_id = $1 AND event_type IN ('SubmissionApproved', 'PayoutRequested', 'SubmissionAppealOverturned')
        GROUP BY event_type ORDER BY event_type`, [`task-${taskId}`]);
    expect(counts).toEqual([
      { event_type: 'PayoutRequested', n: 1 }, { event_type: 'SubmissionAppealOverturned', n: 1 }, { event_type: 'SubmissionApproved', n: 1 },
    ]);
  });

  it('a revision keeps its slot while 20 others try to take it; resubmitting twice at once records one revision', async () => {
    const creator = await registerWalletUser(ctx.commands);
    const earner = await registerWalletUser(ctx.commands);
    const taskId = await createFundedTask(ctx.commands, creator, { maxCompletions: 1 });
    const s: number = await ctx.commands.execute(new SubmitProofCommand(earner.id, taskId, proof()));
    await ctx.commands.execute(new ReviewSubmissionCommand({ id: creator.id, isAdmin: false }, s, 'changes_requested', 'add the link'));
    const others = await Promise.all(Array.from({ length: 20 }, () => registerWalletUser(ctx.commands)));
    const { ok, errors } = await outcomes<unknown>([
      ctx.commands.execute(new ResubmitProofCommand(earner.id, s, proof('revised 1'))),
      ctx.commands.execute(new ResubmitProofCommand(earner.id, s, proof('revised 2'))),
      ...others.map((u) => ctx.commands.execute(new SubmitProofCommand(u.id, taskId, proof(`other ${u.id}`)))),
    ]);
    expect(ok).toHaveLength(1);
    expect(errors).toHaveLength(21);
    const [{ n }] = await ctx.dataSource.query(`SELECT count(*)::int AS n FROM events WHERE stream_id = $1 AND event_type = 'SubmissionResubmitted'`, [`task-${taskId}`]);
    expect(n).toBe(1);
    const [row] = await ctx.dataSource.query(`SELECT total_submissions, pending_submissions FROM tasks WHERE id = $1`, [taskId]);
    expect(row).toEqual({ total_submissions: 1, pending_submissions: 1 });
  });
});
