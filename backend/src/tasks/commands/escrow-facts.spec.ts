import { Wallet } from 'ethers';
import { applyLogs, centToBaseUnits, chainFact, fundedLog, registerWalletUser, taskInput } from '../../../test/fixtures';
import { startTestDomain, TestContext } from '../../../test/test-app';
import { PROOF as proof, newEscrowTask, submissionRow, taskRow } from '../../../test/escrow-task-setup';
import { DomainError } from '../../common/domain-error';
import { ReviewSubmissionCommand } from './review-submission.command';
import { SubmitProofCommand } from './submit-proof.command';
import { CreateTaskCommand, CreateTaskInput } from './create-task.command';
import { RevertTaskChainFactCommand } from './revert-task-chain-fact.command';
import { MESSAGES } from '../domain/task.aggregate';
import { RevertRewardReleasedCommand } from './revert-reward-released.command';
import { FundedLog, RefundedLog, ReleasedLog } from './apply-escrow-logs.command';

/**
 * The app believes only what it decided: chain facts as TaskEscrow v2 delivers them (decoded logs),
 * through ApplyEscrowLogs, on a real PostgreSQL, from an attacker's point of view.
 */
describe('escrow facts: fundings and releases checked against what the app decided', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestDomain();
  });
  afterAll(() => ctx.close());

  const task = (id: number) => taskRow(ctx.dataSource, id);
  const sub = (id: number) => submissionRow(ctx.dataSource, id);
  const board = async (userId: number) => ctx.dataSource.query(`SELECT total_earned, completed_tasks FROM leaderboard WHERE user_id = $1`, [userId]);
  const listed = async (id: number) => (await ctx.dataSource.query(`SELECT 1 FROM tasks t WHERE t.id = $1 AND t.funding_status = 'funded' AND t.is_active`, [id])).length === 1;

  const newTask = (overrides: Partial<CreateTaskInput> = {}) => newEscrowTask(ctx.commands, overrides);

  it('a stranger funding the task id first is an anomaly; the creator can still fund, and the task is funded with the creator\'s key', async () => {
    const { id, creator, terms } = await newTask();
    const stranger = Wallet.createRandom().address;
    // The squat of v1: 1 wei x 1, and the exact terms, both from a stranger.
    await applyLogs(ctx.commands, id,
      fundedLog(id, stranger, terms, { reward: 1n, maxCompletions: 1n, amount: 1n }),
      fundedLog(id, stranger, terms));
    let row = await task(id);
    expect(row.funding_status).toBe('anomaly');
    expect(await listed(id)).toBe(false);
    expect(row.anomalies.map((a: any) => a.kind)).toEqual(['foreign_funder', 'foreign_funder']);
    expect(row.anomalies[0].reason).toBe(
      `funded by ${stranger}, not by the creator's linked wallet ${creator.wallet}; reward per payout 1 base units instead of ${centToBaseUnits(20)}; ` +
      `max completions 1 instead of 3; escrowed 1 base units instead of ${centToBaseUnits(60)}`,
    );
    // Submissions stay closed while the escrow is not the creator's.
    const earner = await registerWalletUser(ctx.commands);
    await expect(ctx.commands.execute(new SubmitProofCommand(earner.id, id, proof))).rejects.toThrow(MESSAGES.notFunded);

    const good = fundedLog(id, creator.wallet, terms);
    await applyLogs(ctx.commands, id, good);
    row = await task(id);
    expect(row).toMatchObject({ funding_status: 'funded', escrow_key: good.key, funder: creator.wallet });
    expect(await listed(id)).toBe(true);
    // The anomalies stay on record (the creator and admins see them); the stranger's refund recovers its own.
    const strayKey = row.anomalies[1].key;
    const refund: RefundedLog = { kind: 'refunded', fact: chainFact(), key: strayKey, funder: stranger, amount: centToBaseUnits(60) };
    expect(await applyLogs(ctx.commands, id, refund)).toEqual([{ result: 'applied' }]);
    row = await task(id);
    expect(row.funding_status).toBe('funded');
    expect(row.anomalies.map((a: any) => a.resolved)).toEqual([false, true]);
    // A refund of an escrow the task never had is refused (reported to the indexer, nothing appended).
    const unknown: RefundedLog = { ...refund, fact: chainFact(), key: '0x' + '77'.repeat(32) };
    expect(await applyLogs(ctx.commands, id, unknown)).toEqual([{ result: 'rejected', reason: expect.stringContaining('which is no escrow of task') }]);
  });

  it.each([
    ['reward', { reward: centToBaseUnits(10), amount: centToBaseUnits(60) }, /^reward per payout 10000000000000000000 base units instead of 20000000000000000000$/],
    ['max completions', { maxCompletions: 6n, reward: centToBaseUnits(10), amount: centToBaseUnits(60) }, /max completions 6 instead of 3/],
    ['deadline', { deadline: BigInt(Math.floor(Date.now() / 1000) + 3600) }, /^deadline \S+ instead of \S+$/],
    ['amount', { amount: centToBaseUnits(59) }, /^escrowed 59000000000000000000 base units instead of 60000000000000000000$/],
  ])('the creator\'s own funding with another %s is a wrong_terms anomaly, never listed', async (_what, override, reason) => {
    const { id, creator, terms } = await newTask();
    const log = fundedLog(id, creator.wallet, terms, override as Partial<FundedLog>);
    await applyLogs(ctx.commands, id, log);
    const row = await task(id);
    expect(row.funding_status).toBe('anomaly');
    expect(await listed(id)).toBe(false);
    expect(row.anomalies).toEqual([expect.objectContaining({ kind: 'wrong_terms', reason: expect.stringMatching(reason), key: log.key, resolved: false })]);
    expect(row.anomalies[0].recovery).toMatch(/^Refund that escrow from the wallet that funded it \(0x[0-9a-fA-F]{40}\) after \S+Z, then fund again with the exact arguments shown\.$/);
  });

  it('a funding whose key is not escrowKey(funder, terms) is not believed', async () => {
    const { id, creator, terms } = await newTask();
    await applyLogs(ctx.commands, id, fundedLog(id, creator.wallet, terms, { key: '0x' + '12'.repeat(32) }));
    expect((await task(id)).anomalies[0].reason).toMatch(/^its key 0x1212\S+ is not escrowKey\(funder, terms\) 0x[0-9a-f]{64}$/);
  });

  async function fundedWithApproval() {
    const { id, creator, terms } = await newTask();
    const funding = fundedLog(id, creator.wallet, terms);
    await applyLogs(ctx.commands, id, funding);
    const earner = await registerWalletUser(ctx.commands);
    const s: number = await ctx.commands.execute(new SubmitProofCommand(earner.id, id, proof));
    await ctx.commands.execute(new ReviewSubmissionCommand({ id: creator.id, isAdmin: false }, s, 'approved', null));
    const release = (o: Partial<ReleasedLog> = {}): ReleasedLog => ({
      kind: 'released', fact: chainFact(), key: funding.key, submissionId: s, recipient: earner.wallet, amount: centToBaseUnits(20), ...o,
    });
    return { id, creator, terms, funding, earner, s, release };
  }

  it.each([
    ['another recipient', (w: string) => ({ recipient: w }), 'wrong_recipient', /^paid to 0x[0-9a-f]{40}, but the payout was requested for 0x/i],
    ['another amount', () => ({ amount: 1n }), 'wrong_amount', /^released 1 base units instead of the reward 20000000000000000000$/],
    ['another escrow key', () => ({ key: '0x' + '34'.repeat(32) }), 'wrong_escrow', /^released from escrow 0x3434\S+, not from the task's escrow 0x/],
  ])('a release to %s is a payout anomaly: not released, leaderboard unchanged; the right release still pays', async (_what, override, kind, reason) => {
    const t = await fundedWithApproval();
    const bad = t.release(override(Wallet.createRandom().address));
    expect(await applyLogs(ctx.commands, t.id, bad)).toEqual([{ result: 'applied' }]);
    expect(await sub(t.s)).toMatchObject({ payout_status: 'requested', transaction_hash: null });
    expect(await board(t.earner.id)).toEqual([]);
    const row = await task(t.id);
    expect(row.released_amount).toBe('0');
    expect(row.anomalies).toEqual([expect.objectContaining({ audience: 'admin', kind, reason: expect.stringMatching(reason), submissionId: t.s })]);
    // Replayed: nothing new.
    expect(await applyLogs(ctx.commands, t.id, bad)).toEqual([{ result: 'duplicate' }]);
    expect((await task(t.id)).anomalies).toHaveLength(1);

    const good = t.release();
    await applyLogs(ctx.commands, t.id, good);
    expect(await sub(t.s)).toMatchObject({ payout_status: 'released', transaction_hash: good.fact.txHash });
    expect(await board(t.earner.id)).toEqual([{ total_earned: '20', completed_tasks: 1 }]);
  });

  it('a release of a pending submission (a creator paying their own wallet, v1 style) or of an unknown one is an anomaly', async () => {
    const { id, creator, terms } = await newTask();
    const funding = fundedLog(id, creator.wallet, terms);
    await applyLogs(ctx.commands, id, funding);
    const earner = await registerWalletUser(ctx.commands);
    const s: number = await ctx.commands.execute(new SubmitProofCommand(earner.id, id, proof));
    const own: ReleasedLog = { kind: 'released', fact: chainFact(), key: funding.key, submissionId: s, recipient: creator.wallet, amount: centToBaseUnits(20) };
    const ghost: ReleasedLog = { ...own, fact: chainFact(), submissionId: 987_654 };
    await applyLogs(ctx.commands, id, own, ghost);
    expect((await sub(s)).payout_status).toBeNull();
    expect(await board(earner.id)).toEqual([]);
    expect(await board(creator.id)).toEqual([]);
    expect((await task(id)).anomalies.map((a: any) => [a.kind, a.reason])).toEqual([
      ['not_approved', `submission ${s} is pending, not approved`],
      ['unknown_submission', `submission 987654 is not a submission of task ${id}`],
    ]);
    // A reorganisation drops the block of the first: its anomaly goes, the other stays.
    await ctx.commands.execute(new RevertRewardReleasedCommand(id, s, own.fact.txHash, own.fact.logIndex));
    expect((await task(id)).anomalies.map((a: any) => a.kind)).toEqual(['unknown_submission']);
  });

  it('a reorganisation that drops a stray funding removes its anomaly; one that drops the funding reopens funding', async () => {
    const { id, creator, terms } = await newTask();
    const stray = fundedLog(id, Wallet.createRandom().address, terms);
    const good = fundedLog(id, creator.wallet, terms);
    await applyLogs(ctx.commands, id, stray, good);
    await ctx.commands.execute(new RevertTaskChainFactCommand(id, 'funding', good.fact.txHash, good.fact.logIndex));
    expect(await task(id)).toMatchObject({ funding_status: 'anomaly', escrow_key: null });
    await ctx.commands.execute(new RevertTaskChainFactCommand(id, 'funding', stray.fact.txHash, stray.fact.logIndex));
    expect(await task(id)).toMatchObject({ funding_status: 'awaiting_funding', anomalies: [] });
  });

  it('rebuilding the projections from position 0 gives exactly the live rows (anomalies included)', async () => {
    const tables = ['tasks', 'submissions', 'leaderboard'];
    const dump = async () => {
      const out: Record<string, unknown[]> = {};
      for (const t of tables) out[t] = await ctx.dataSource.query(`SELECT * FROM ${t} ORDER BY 1`);
      return out;
    };
    const live = await dump();
    expect((live.tasks as any[]).some((t) => t.anomalies.length > 0)).toBe(true);
    await ctx.projections.rebuild();
    expect(await dump()).toEqual(live);
  });
});

describe('approvals close before the refund can open', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // A 3 s review window and a 2 s margin: approvals close 1 s after the deadline.
    ctx = await startTestDomain({ REVIEW_WINDOW_SECONDS: '3', REVIEW_CLOSE_MARGIN_SECONDS: '2' });
  });
  afterAll(() => ctx.close());

  it('refuses an approval after deadline + reviewWindow - margin with its message; rejecting stays possible', async () => {
    const creator = await registerWalletUser(ctx.commands);
    const deadline = new Date((Math.floor(Date.now() / 1000) + 3) * 1000);
    const input = taskInput({ reward: 5, maxCompletions: 3, deadline });
    const id: number = await ctx.commands.execute(new CreateTaskCommand(creator.id, input));
    await applyLogs(ctx.commands, id, fundedLog(id, creator.wallet, input));
    const [a, b, c] = [await registerWalletUser(ctx.commands), await registerWalletUser(ctx.commands), await registerWalletUser(ctx.commands)];
    const ids: number[] = [];
    for (const u of [a, b, c]) ids.push(await ctx.commands.execute(new SubmitProofCommand(u.id, id, proof)));
    const reviewer = { id: creator.id, isAdmin: false };
    // Before closing: accepted.
    await ctx.commands.execute(new ReviewSubmissionCommand(reviewer, ids[0], 'approved', null));
    const reviewUntil = new Date(deadline.getTime() + 1000);
    const [row] = await ctx.dataSource.query(`SELECT review_until, refundable_at FROM tasks WHERE id = $1`, [id]);
    expect(row).toEqual({ review_until: reviewUntil, refundable_at: new Date(deadline.getTime() + 4000) });
    while (Date.now() <= reviewUntil.getTime()) await new Promise((r) => setTimeout(r, 100));
    const refused = ctx.commands.execute(new ReviewSubmissionCommand(reviewer, ids[1], 'approved', null));
    await expect(refused).rejects.toBeInstanceOf(DomainError);
    await expect(refused).rejects.toMatchObject({ status: 409, message: MESSAGES.reviewClosed(reviewUntil) });
    expect(MESSAGES.reviewClosed(reviewUntil)).toContain(reviewUntil.toISOString());
    await ctx.commands.execute(new ReviewSubmissionCommand(reviewer, ids[2], 'rejected', 'Too late and off topic'));
    const statuses = await ctx.dataSource.query(`SELECT status FROM submissions WHERE id = ANY($1) ORDER BY id`, [ids]);
    expect(statuses.map((r: { status: string }) => r.status)).toEqual(['approved', 'pending', 'rejected']);
  });
});
