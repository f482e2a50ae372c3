import request from 'supertest';
import { Wallet } from 'ethers';
import { LinkWalletCommand } from '@cent/backend';
import { sessionCookieFor } from '@cent/backend/testing';
import { CENT } from './support/escrow-chain';
import { IndexerInstance, Stack, TestApi, eventually, startProduct, stopAll } from './support/stack';
import { approve, createAndFundTask, registerCreator, registerUser, submissionRow, submit, taskRow } from './support/scenario';

/**
 * Issue 19 items 4 and 9: what waited for a wallet goes on when it is linked. An earner approved without a
 * wallet is paid once they link one (and may retry their own payout); a creator who funded from a wallet
 * before linking it gets the task funded once they link it.
 */
describe('a wallet linked late', () => {
  let stack: Stack;
  let idx: IndexerInstance;
  let api: TestApi;

  beforeAll(async () => ({ stack, idx, api } = await startProduct()));
  afterAll(() => stopAll({ api, idx, stack }));

  const kinds = async (userId: number) =>
    (await idx.db.query(`SELECT kind FROM notifications WHERE user_id = $1 ORDER BY position`, [userId])).map((r: { kind: string }) => r.kind);

  it('item 4: an earner approved without a wallet is told, may retry, and is paid once they link one; the creator is told', async () => {
    const creator = await registerCreator(idx.commands, stack.chain, 0);
    const task = await createAndFundTask(idx.commands, stack.chain, creator, { reward: 5, maxCompletions: 2 });
    await eventually(async () => (await taskRow(idx.db, task.taskId))?.funding_status === 'funded', 20_000, 'funded');
    const earner = await registerUser(idx.commands, null);
    const id = await submit(idx.commands, task.taskId, earner);
    await approve(idx.commands, creator, id);

    const failed = await submissionRow(idx.db, id);
    expect(failed).toMatchObject({ payout_status: 'failed' });
    expect(failed!.payout_error).toMatch(/sent automatically as soon as the earner links a wallet/);
    expect(await kinds(earner.id)).toContain('payout_failed');
    expect(await kinds(creator.id)).toContain('payout_failed');

    // The earner's own retry is allowed; without a wallet it says what is missing.
    const cookie = await sessionCookieFor(api.dataSource, earner.id);
    await request(api.http).post('/api/blockchain/release-reward').set('Cookie', cookie).send({ taskId: task.taskId, recipientId: earner.id })
      .expect(409, { message: 'The earner has no linked wallet yet: the reward is sent as soon as they link one to their account.' });

    const wallet = Wallet.createRandom().address;
    await idx.commands.execute(new LinkWalletCommand(earner.id, wallet));
    const paid = await eventually(async () => {
      const row = await submissionRow(idx.db, id);
      return row?.payout_status === 'released' && row;
    }, 20_000, 'paid to the linked wallet');
    expect(paid.payout_recipient.toLowerCase()).toBe(wallet.toLowerCase());
    expect(await stack.chain.token.balanceOf(wallet)).toBe(5n * CENT);
    // Linking the same wallet again (a no-op) changes nothing: paid once.
    await idx.commands.execute(new LinkWalletCommand(earner.id, wallet));
    expect(await stack.chain.escrow.queryFilter(stack.chain.escrow.filters.RewardReleased(undefined, id))).toHaveLength(1);
  });

  it('item 9: a task funded from a wallet its creator linked only afterwards becomes funded', async () => {
    const signer = stack.chain.creators[1];
    const address = await signer.getAddress();
    const creatorUser = await registerUser(idx.commands, null);
    const creator = { id: creatorUser.id, wallet: address, signer };
    const task = await createAndFundTask(idx.commands, stack.chain, creator, { reward: 2, maxCompletions: 1 });
    const stray = await eventually(async () => {
      const row = await taskRow(idx.db, task.taskId);
      return row?.funding_status === 'anomaly' && row;
    }, 20_000, 'recorded as a stray escrow');
    expect(stray.anomalies.map((a: { kind: string }) => a.kind)).toEqual(['foreign_funder']);

    await idx.commands.execute(new LinkWalletCommand(creator.id, address));
    const funded = await taskRow(idx.db, task.taskId);
    expect(funded).toMatchObject({ funding_status: 'funded', escrow_key: task.key, funded_tx_hash: task.txHash, anomalies: [] });
    const view = await request(api.http).get(`/api/tasks/${task.taskId}/escrow`).expect(200);
    expect({ consistent: view.body.consistent, differences: view.body.differences }).toEqual({ consistent: true, differences: [] });
    expect(view.body.onChain).toMatchObject({ funded: true, maxCompletions: 1, paidCount: 0, payoutsLeft: 1 });

    // And it works as a funded task: an approval is paid from that escrow.
    const earner = await registerUser(idx.commands);
    const id = await submit(idx.commands, task.taskId, earner);
    await approve(idx.commands, { id: creator.id, wallet: address }, id);
    await eventually(async () => (await submissionRow(idx.db, id))?.payout_status === 'released', 20_000, 'paid');
    expect(await kinds(creator.id)).toContain('task_funded');
  });
});
