import request from 'supertest';
import { sessionCookieFor } from '@cent/backend/testing';
import { advanceChainClock } from './support/chain-clock';
import { IndexerInstance, Stack, TestApi, eventually, startProduct, stopAll } from './support/stack';
import { createAndFundTask, registerCreator, registerUser, submissionRow, submit, taskRow } from './support/scenario';

/**
 * Issue 19 item 5: time rules follow max(server time, the chain's latest block time), the escrow's clock.
 * With the chain's time moved past the deadline and then past the release window (evm_increaseTime +
 * evm_mine), the API refuses the submission and the approval with the right message, instead of accepting
 * them and letting the payout fail ReleaseWindowClosed.
 */
describe('time rules on the chain clock', () => {
  let stack: Stack;
  let idx: IndexerInstance;
  let api: TestApi;

  beforeAll(async () => ({ stack, idx, api } = await startProduct({ CHAIN_CLOCK_POLL_MS: '100' })));
  afterAll(() => stopAll({ api, idx, stack }));

  /** Moves the chain's time forward and waits until the API's clock has seen the new block (background poll). */
  const advanceChain = (seconds: number) => advanceChainClock(stack.anvil, [api.app], seconds);

  it('refuses a submission after the chain passed the deadline and an approval after it passed the review cut-off', async () => {
    const creator = await registerCreator(idx.commands, stack.chain, 0);
    const deadline = new Date(Date.now() + 120_000);
    const task = await createAndFundTask(idx.commands, stack.chain, creator, { reward: 2, maxCompletions: 3, deadline });
    await eventually(async () => (await taskRow(idx.db, task.taskId))?.funding_status === 'funded', 20_000, 'funded');
    const pending = await submit(idx.commands, task.taskId, await registerUser(idx.commands));
    const late = await registerUser(idx.commands);

    // Server time is before the deadline; the chain's is after it.
    await advanceChain(130);
    expect(Date.now()).toBeLessThan(deadline.getTime());
    await request(api.http).post('/api/submissions').set('Cookie', await sessionCookieFor(api.dataSource, late.id))
      .send({ taskId: task.taskId, proofText: 'Done: https://x.com/post/3' })
      .expect(409, { message: 'The deadline for this task has passed' });

    // Past deadline + review window - margin (60 s - 10 s in the test deployment): approvals are closed.
    await advanceChain(70);
    const res = await request(api.http).patch(`/api/submissions/${pending}`).set('Cookie', await sessionCookieFor(api.dataSource, creator.id))
      .send({ status: 'approved' });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/^Approvals for this task closed on .*You can still reject\.$/);
    expect(await submissionRow(idx.db, pending)).toMatchObject({ status: 'pending', payout_status: null });
    // A rejection stays possible.
    await request(api.http).patch(`/api/submissions/${pending}`).set('Cookie', await sessionCookieFor(api.dataSource, creator.id))
      .send({ status: 'rejected', feedback: 'Too late to pay' }).expect(200);
  });
});
