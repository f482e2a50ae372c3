import { AppealRejectionCommand, DecideAppealCommand, ReviewSubmissionCommand, SubmitProofCommand, REVISION_MESSAGES, GrantAdminCommand } from '@cent/backend';
import { DataSource } from 'typeorm';
import { Anvil } from './support/anvil';
import { advanceChainClock } from './support/chain-clock';
import { CENT, EscrowChain } from './support/escrow-chain';
import { IndexerInstance, Stack, TestApi, eventually, startProduct, stopAll } from './support/stack';
import { createAndFundTask, registerCreator, registerUser, submissionRow, taskRow } from './support/scenario';

/**
 * Revise and resubmit, appeals on a real chain and database (issue 22): a revision nobody resubmits is
 * rejected by the due-decision scheduler once the chain clock passes its 48 hours (anvil's evm_increaseTime),
 * freeing the slot; an overturned appeal is paid on chain like any approval (the earner's balance rises by
 * exactly the reward, once).
 */
describe('revisions and appeals on the chain clock', () => {
  let stack: Stack;
  let anvil: Anvil;
  let chain: EscrowChain;
  let idx: IndexerInstance;
  let api: TestApi;
  const HOUR = 3600;

  beforeAll(async () => {
    const clocks = { CHAIN_CLOCK_POLL_MS: '100', SCHEDULER_POLL_MS: '200', REVIEW_CLOSE_MARGIN_SECONDS: String(HOUR) };
    ({ stack, idx, api } = await startProduct(clocks, { reviewWindowSeconds: 7 * 24 * HOUR }));
    ({ anvil, chain } = stack);
  });
  afterAll(() => stopAll({ api, idx, stack }));

  const advanceChain = (seconds: number) => advanceChainClock(anvil, [api.app, idx.app], seconds);

  const events = async (db: DataSource, taskId: number, type: string) =>
    (await db.query(`SELECT data FROM events WHERE stream_id = $1 AND event_type = $2 ORDER BY global_position`, [`task-${taskId}`, type]))
      .map((r: { data: Record<string, any> }) => r.data);

  async function fundedTask(i: number, maxCompletions = 1) {
    const creator = await registerCreator(idx.commands, chain, i);
    const chainNow = (await anvil.provider.getBlock('latest'))!.timestamp * 1000;
    const deadline = new Date(Math.max(chainNow, Date.now()) + 4 * 24 * HOUR * 1000);
    const task = await createAndFundTask(idx.commands, chain, creator, { reward: 9, maxCompletions, deadline });
    await eventually(async () => (await taskRow(idx.db, task.taskId))?.funding_status === 'funded', 20_000, 'funded');
    return { creator, taskId: task.taskId };
  }

  const proof = (text: string) => ({ proofLink: null, proofText: text, proofFileUrl: null, notes: null });

  it('changes requested and not resubmitted within 48 hours: the scheduler rejects it with that reason and the slot is free again', async () => {
    const { creator, taskId } = await fundedTask(0);
    const earner = await registerUser(idx.commands);
    const id: number = await idx.commands.execute(new SubmitProofCommand(earner.id, taskId, proof('my first thread about CENT')));
    await idx.commands.execute(new ReviewSubmissionCommand({ id: creator.id, isAdmin: false }, id, 'changes_requested', 'Add the link'));
    const [asked] = await events(idx.db, taskId, 'SubmissionChangesRequested');

    await advanceChain(47 * HOUR);
    await new Promise((r) => setTimeout(r, 1000)); // a few scheduler ticks: not due yet
    expect((await submissionRow(idx.db, id))!.status).toBe('changes_requested');

    await advanceChain(HOUR + 5);
    await eventually(async () => (await submissionRow(idx.db, id))?.status === 'rejected', 20_000, 'the revision expired');
    const rejected = await events(idx.db, taskId, 'SubmissionRejected');
    expect(rejected).toEqual([expect.objectContaining({ reviewerId: 0, auto: true, feedback: REVISION_MESSAGES.expired(new Date(asked.resubmitBy)) })]);
    expect(Number((await taskRow(idx.db, taskId))!.pending_submissions)).toBe(0);
    // The freed slot takes a new submission.
    const other = await registerUser(idx.commands);
    await idx.commands.execute(new SubmitProofCommand(other.id, taskId, proof('another thread entirely')));
  });

  it('reject → appeal → overturned by an admin → paid on chain exactly the reward, once', async () => {
    const { creator, taskId } = await fundedTask(1);
    const earner = await registerUser(idx.commands);
    const admin = await registerUser(idx.commands);
    await idx.commands.execute(new GrantAdminCommand(admin.id, 'test'));
    const id: number = await idx.commands.execute(new SubmitProofCommand(earner.id, taskId, proof('a thread with a screenshot')));
    await idx.commands.execute(new ReviewSubmissionCommand({ id: creator.id, isAdmin: false }, id, 'rejected', 'No screenshot'));
    await idx.commands.execute(new AppealRejectionCommand(earner.id, id, 'The screenshot is attached'));
    const before = await chain.token.balanceOf(earner.wallet);
    await idx.commands.execute(new DecideAppealCommand({ id: admin.id, isAdmin: true }, id, 'overturned', 'It is there'));
    await eventually(async () => (await submissionRow(idx.db, id))?.payout_status === 'released', 30_000, 'the overturned appeal paid on chain');
    expect(await chain.token.balanceOf(earner.wallet) - before).toBe(9n * CENT);
    expect(await events(idx.db, taskId, 'PayoutRequested')).toHaveLength(1);
    expect(await events(idx.db, taskId, 'SubmissionApproved')).toEqual([expect.objectContaining({ reviewerId: admin.id, appeal: true })]);
  });
});
