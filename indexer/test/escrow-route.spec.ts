import request from 'supertest';
import { startTestApp, sessionCookieFor } from '@cent/backend/testing';
import { IndexerInstance, Stack, TestApi, eventually, startProduct, stopAll } from './support/stack';
import { approve, createAndFundTask, registerCreator, registerUser, submissionRow, submit } from './support/scenario';
import { CENT } from './support/escrow-chain';

const EXPLORER = 'https://explorer.example.org';

/** GET /api/tasks/:id/escrow against the real HTTP app, a real chain and the indexer. */
describe('GET /api/tasks/:id/escrow', () => {
  let stack: Stack;
  let idx: IndexerInstance;
  let api: TestApi;

  beforeAll(async () => ({ stack, idx, api } = await startProduct({ EXPLORER_URL: EXPLORER })));
  afterAll(() => stopAll({ api, idx, stack }));

  it('shows the on-chain state, the funded and released events with explorer links and payout finality', async () => {
    const creator = await registerCreator(idx.commands, stack.chain, 0);
    const earner = await registerUser(idx.commands);
    const task = await createAndFundTask(idx.commands, stack.chain, creator, { reward: 8, maxCompletions: 2, fund: false });

    // Not funded yet: not public; its creator sees it.
    await request(api.http).get(`/api/tasks/${task.taskId}/escrow`).expect(404, { message: 'Task not found' });
    const own = await request(api.http).get(`/api/tasks/${task.taskId}/escrow`).set('Cookie', await sessionCookieFor(api.dataSource, creator.id)).expect(200);
    expect(own.body.onChain.funded).toBe(false);
    expect(own.body.events).toEqual([]);

    const receipt = await (await stack.chain.escrow.connect(creator.signer).fund(task.taskId, 8n * CENT, 2, BigInt(Math.floor(task.deadline.getTime() / 1000)))).wait();
    await eventually(async () => (await request(api.http).get(`/api/tasks/${task.taskId}/escrow`)).status === 200, 20_000, 'public once funded');
    const submissionId = await submit(idx.commands, task.taskId, earner);
    await approve(idx.commands, creator, submissionId);
    const paid = await eventually(async () => {
      const row = await submissionRow(idx.db, submissionId);
      return row?.payout_status === 'released' && row;
    }, 20_000, 'paid');

    const res = await request(api.http).get(`/api/tasks/${task.taskId}/escrow`).expect(200);
    const body = res.body;
    expect(body).toMatchObject({
      taskId: task.taskId,
      chainId: 31337,
      escrowAddress: stack.chain.deployment.escrow,
      escrowUrl: `${EXPLORER}/address/${stack.chain.deployment.escrow}`,
      confirmationsRequired: 0,
      consistent: true,
      differences: [],
      chainError: null,
      onChain: {
        funded: true,
        creator: creator.wallet,
        creatorUrl: `${EXPLORER}/address/${creator.wallet}`,
        reward: (8n * CENT).toString(),
        maxCompletions: 2,
        paidCount: 1,
        refunded: false,
        remaining: (8n * CENT).toString(),
      },
      app: { fundingStatus: 'funded', paidCount: 1, releasedAmount: (8n * CENT).toString() },
    });
    expect(body.events).toEqual([
      expect.objectContaining({
        type: 'TaskFunded', txHash: receipt!.hash, txUrl: `${EXPLORER}/tx/${receipt!.hash}`, blockNumber: receipt!.blockNumber,
        amount: (16n * CENT).toString(), finality: 'final', indexed: true,
      }),
      expect.objectContaining({
        type: 'RewardReleased', txHash: paid.transaction_hash, txUrl: `${EXPLORER}/tx/${paid.transaction_hash}`, submissionId: String(submissionId),
        recipient: earner.wallet, recipientUrl: `${EXPLORER}/address/${earner.wallet}`, finality: 'final', indexed: true,
      }),
    ]);
    expect(body.payouts).toEqual([
      expect.objectContaining({ submissionId, userId: earner.id, payoutStatus: 'released', state: 'final', txHash: paid.transaction_hash }),
    ]);

    // The chain decides a payout's state: a release that is mined but that the app's read model does not show
    // yet (still "sent", no block) reads as on chain, with the chain's transaction (the ids are compared as
    // decimal strings: a RewardReleased log carries a uint256).
    await idx.db.query(`UPDATE submissions SET payout_status = 'sent', payout_block_number = NULL, payout_tx_hash = NULL WHERE id = $1`, [submissionId]);
    const lagging = await request(api.http).get(`/api/tasks/${task.taskId}/escrow`).expect(200);
    expect(lagging.body.payouts).toEqual([
      expect.objectContaining({ submissionId, payoutStatus: 'sent', state: 'final', txHash: paid.transaction_hash, blockNumber: expect.any(Number) }),
    ]);
  });

  it('with a confirmation depth, a fresh payout is confirmed (included) before it is final', async () => {
    const deep = await startTestApp({ ...stack.env, CONFIRMATIONS: '5' }, stack.databaseUrl);
    try {
      const creator = await registerCreator(idx.commands, stack.chain, 1);
      const earner = await registerUser(idx.commands);
      const task = await createAndFundTask(idx.commands, stack.chain, creator, { reward: 1, maxCompletions: 1 });
      await eventually(async () => (await request(deep.http).get(`/api/tasks/${task.taskId}/escrow`)).status === 200, 20_000, 'funded');
      const submissionId = await submit(idx.commands, task.taskId, earner);
      await approve(idx.commands, creator, submissionId);
      await eventually(async () => (await submissionRow(idx.db, submissionId))?.payout_status === 'released', 20_000, 'paid');
      const fresh = await request(deep.http).get(`/api/tasks/${task.taskId}/escrow`).expect(200);
      expect(fresh.body.payouts[0].state).toBe('confirmed');
      expect(fresh.body.events.at(-1)).toMatchObject({ type: 'RewardReleased', confirmations: 1, finality: 'confirmed' });
      for (let i = 0; i < 5; i++) await stack.anvil.rpc('evm_mine');
      const later = await request(deep.http).get(`/api/tasks/${task.taskId}/escrow`).expect(200);
      expect(later.body.payouts[0].state).toBe('final');
    } finally {
      await deep.close();
    }
  });

  it('rejects a malformed id and answers 404 for an unknown task', async () => {
    await request(api.http).get('/api/tasks/abc/escrow').expect(400);
    await request(api.http).get('/api/tasks/999999/escrow').expect(404, { message: 'Task not found' });
  });
});
