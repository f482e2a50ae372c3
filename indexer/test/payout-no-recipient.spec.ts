import request from 'supertest';
import { Pool } from 'pg';
import { Wallet, hexlify, randomBytes } from 'ethers';
import { sample, startTestApp } from '@cent/backend/testing';
import { EventStore, LinkWalletCommand, RequestPayoutCommand, RevertRewardReleasedCommand, TaskEvents, centToBaseUnits } from '@cent/backend';
import type { RewardReleasedData } from '@cent/backend';
import { CENT } from './support/escrow-chain';
import { IndexerInstance, Stack, eventually, startIndexer, startStack } from './support/stack';
import { Person, approve, createAndFundTask, registerCreator, registerUser, submissionRow, submit, taskRow } from './support/scenario';
import { TestWorker, leadingWorker } from './support/worker';
import { JsonRpc } from '../src/chain/json-rpc';
import { reconcile } from '../src/audit/reconcile';

/**
 * A payout queue item whose request recorded no wallet to pay (`payout_recipient` null) can never be sent. The
 * worker used to skip it at every poll, leaving it "requested" with nobody told. Today's requests always carry a
 * wallet; such an item comes from an older stream: before 58841cb the task aggregate believed any RewardReleased
 * log, also one for an approval whose payout had failed for want of a wallet, and a reorganisation that then drops
 * that release puts the payout back to "requested" with no recipient. Rule: every approved submission ends paid,
 * or in a state the earner, the creator and the admins see with what to do (DESIGN.md, "One bad input").
 */
describe('a queued payout with no recorded wallet', () => {
  let stack: Stack;
  let domain: IndexerInstance;
  let worker: TestWorker;
  let api: Awaited<ReturnType<typeof startTestApp>>;
  let pool: Pool;

  beforeAll(async () => {
    stack = await startStack();
    domain = await startIndexer(stack.env, { payouts: false });
    worker = await leadingWorker(stack, domain, { lockName: 'payout-no-recipient' });
    api = await startTestApp(stack.env, stack.databaseUrl);
    pool = new Pool({ connectionString: stack.databaseUrl, max: 2 });
  });

  afterAll(async () => {
    await pool?.end();
    await api?.close();
    await worker?.close();
    await domain?.close();
    await stack?.stop();
  });

  const failedGauge = async () => sample((await request(api.http).get('/metrics').expect(200)).text, 'cent_payouts_failed');
  const audit = () => reconcile({
    rpc: new JsonRpc(stack.anvil.url, { log: () => undefined, warn: () => undefined, error: () => undefined }), db: pool, chainId: 31337,
    escrow: stack.chain.deployment.escrow.toLowerCase(), startBlock: stack.chain.deployment.deploymentBlock, confirmations: 0,
    source: domain.runner.settings.source,
  });

  const payoutFailures = async (userId: number, submissionId: number) =>
    (await domain.db.query(`SELECT kind FROM notifications WHERE user_id = $1 AND submission_id = $2 AND kind = 'payout_failed'`, [userId, submissionId])).length;

  /**
   * An approved submission of an earner without a wallet (payout failed, no_wallet), then the stream as the older
   * code left it: the release it believed, dropped by a reorganisation. `linkBeforeRevert` links the earner's wallet
   * while the payout counts as released (so the wallet-link reaction has nothing to resume).
   */
  async function queuedWithoutRecipient(taskId: number, creator: Person, linkBeforeRevert: string | null) {
    const earner = await registerUser(domain.commands, null);
    const id = await submit(domain.commands, taskId, earner);
    await approve(domain.commands, creator, id);
    expect(await submissionRow(domain.db, id)).toMatchObject({ payout_status: 'failed', payout_recipient: null });

    const fact = { chainId: 31337, txHash: hexlify(randomBytes(32)), blockNumber: 1, blockHash: hexlify(randomBytes(32)), logIndex: 0 };
    const legacyRelease: RewardReleasedData = {
      ...fact, submissionId: id, taskId, userId: earner.id, recipient: Wallet.createRandom().address, amount: centToBaseUnits(4).toString(), reward: 4,
    };
    await domain.app.get(EventStore).append(`task-${taskId}`, 'any', [{ type: TaskEvents.RewardReleased, data: legacyRelease }]);
    await eventually(async () => (await submissionRow(domain.db, id))?.payout_status === 'released', 20_000, 'the legacy release applied');
    if (linkBeforeRevert) await domain.commands.execute(new LinkWalletCommand(earner.id, linkBeforeRevert));
    await domain.commands.execute(new RevertRewardReleasedCommand(taskId, id, fact.txHash, fact.logIndex));
    const queued = await eventually(async () => {
      const row = await submissionRow(domain.db, id);
      return row?.payout_status === 'requested' && row;
    }, 20_000, 'back in the payout queue');
    expect(queued.payout_recipient).toBeNull();
    return { earner, id };
  }

  it('is recorded as failed for want of a wallet, told to the earner and the creator, and paid once a wallet is linked or the payout retried', async () => {
    const creator = await registerCreator(domain.commands, stack.chain, 0);
    const task = await createAndFundTask(domain.commands, stack.chain, creator, { reward: 4, maxCompletions: 2 });
    await eventually(async () => (await taskRow(domain.db, task.taskId))?.funding_status === 'funded', 20_000, 'funded');
    const laterWallet = Wallet.createRandom().address;
    const linkedWallet = Wallet.createRandom().address;
    const noWallet = await queuedWithoutRecipient(task.taskId, creator, null);
    const withWallet = await queuedWithoutRecipient(task.taskId, creator, linkedWallet);
    // While queued they are no failure: the metrics and the audit count them once the worker has recorded it.
    const failedBefore = await failedGauge();
    const toldBefore = { earner: await payoutFailures(noWallet.earner.id, noWallet.id), creator: await payoutFailures(creator.id, noWallet.id) };

    // A few polls: neither stays "requested"; each ends failed with the reason and what to do.
    for (let i = 0; i < 3; i++) await worker.worker.tick();
    for (const { earner, id } of [noWallet, withWallet]) {
      const row = await eventually(async () => {
        const r = await submissionRow(domain.db, id);
        return r?.payout_status === 'failed' && r;
      }, 20_000, `submission ${id} failed`);
      expect(row.payout_error).toMatch(new RegExp(`^Invalid wallet address for user ${earner.id}\\. Contact an administrator\\.`));
      expect(row.payout_error).toMatch(/sent automatically as soon as the earner links a wallet/);
    }
    expect(await payoutFailures(noWallet.earner.id, noWallet.id)).toBe(toldBefore.earner + 1);
    expect(await payoutFailures(creator.id, noWallet.id)).toBe(toldBefore.creator + 1);
    expect(worker.logger.lines.join('\n')).toMatch(/failed permanently \(no_wallet\)/);
    expect(await failedGauge()).toBe(failedBefore! + 2);
    const report = await audit();
    expect(report.information.failedPayouts.count).toBe(failedBefore! + 2);
    expect(report.information.failedPayouts.first.map((p) => p.submissionId)).toEqual(expect.arrayContaining([noWallet.id, withWallet.id]));
    expect(report.information.failedPayouts.first.find((p) => p.submissionId === noWallet.id)!.reason).toMatch(/^Invalid wallet address for user/);

    // The existing ways on: linking a wallet requests it again to that wallet; an earner who has one retries.
    await domain.commands.execute(new LinkWalletCommand(noWallet.earner.id, laterWallet));
    expect(await domain.commands.execute(new RequestPayoutCommand(withWallet.id, withWallet.earner.id))).toBe(true);
    for (const [{ id }, wallet] of [[noWallet, laterWallet], [withWallet, linkedWallet]] as const) {
      await eventually(async () => {
        await worker.worker.tick();
        return (await submissionRow(domain.db, id))?.payout_status === 'released';
      }, 30_000, `submission ${id} paid`);
      expect((await submissionRow(domain.db, id))!.payout_recipient.toLowerCase()).toBe(wallet.toLowerCase());
      expect(await stack.chain.token.balanceOf(wallet)).toBe(4n * CENT);
    }
    expect(await failedGauge()).toBe(failedBefore);
  });
});
