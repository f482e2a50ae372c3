import { MaxUint256, NonceManager, Wallet } from 'ethers';
import { CentToken__factory } from '@cent/contracts';
import { CENT, fundTask } from './support/escrow-chain';
import { Person, approve, createAndFundTask, registerCreator, registerUser, submissionRow, submit, taskRow } from './support/scenario';
import { IndexerInstance, Stack, eventually, startIndexer, startStack } from './support/stack';

/**
 * Issue 19, item 1, on a real anvil, the real indexer and payout worker and a real PostgreSQL: a stranger's
 * `fund(someone's chainTaskId, 1 wei, 1, deadline = 2^64-1)` (1 base unit + gas) once made every range fail
 * with `value out-of-bounds` for good. Its log is now recorded with its outcome, and the follower goes on:
 * a correct funding, a payout and a refund of other tasks afterwards are all recorded.
 */
describe('a stranger\'s extreme log never stops the indexer', () => {
  let stack: Stack;
  let idx: IndexerInstance;
  let victimCreator: Person & { signer: NonceManager };
  let payer: Person & { signer: NonceManager };
  let refunder: Person & { signer: NonceManager };

  beforeAll(async () => {
    stack = await startStack();
    idx = await startIndexer(stack.env);
  });

  afterAll(async () => {
    await idx?.close();
    await stack?.stop();
  });

  async function stranger(): Promise<NonceManager> {
    const wallet = Wallet.createRandom().connect(stack.anvil.provider);
    await stack.anvil.rpc('anvil_setBalance', [wallet.address, '0x56BC75E2D63100000']);
    const signer = new NonceManager(wallet);
    const token = CentToken__factory.connect(stack.chain.deployment.token, signer);
    await (await token.mint(wallet.address, 10n * CENT)).wait();
    await (await token.approve(stack.chain.deployment.escrow, MaxUint256)).wait();
    return signer;
  }

  const outcomeOf = async (txHash: string) =>
    (await idx.db.query(`SELECT outcome, task_id::text FROM indexer_applied_logs WHERE tx_hash = $1`, [txHash.toLowerCase()]))[0] as
      { outcome: string; task_id: string } | undefined;

  it("fund(victim's id, 1 wei, 1, 2^64-1) is recorded as the victim's foreign funding; a funding, a payout and a refund of other tasks follow", async () => {
    [victimCreator, payer, refunder] = [await registerCreator(idx.commands, stack.chain, 0), await registerCreator(idx.commands, stack.chain, 1), await registerCreator(idx.commands, stack.chain, 2)];
    const victim = await createAndFundTask(idx.commands, stack.chain, victimCreator, { reward: 2, maxCompletions: 2, fund: false });
    const later = await createAndFundTask(idx.commands, stack.chain, victimCreator, { reward: 3, maxCompletions: 1, fund: false });
    const paying = await createAndFundTask(idx.commands, stack.chain, payer, { reward: 4, maxCompletions: 2 });
    const refunding = await createAndFundTask(idx.commands, stack.chain, refunder, { reward: 5, maxCompletions: 1, deadline: new Date(Date.now() + 120_000) });
    const earner: Person = await registerUser(idx.commands);
    const s = await submit(idx.commands, paying.taskId, await eventually(async () => (await taskRow(idx.db, paying.taskId))?.funding_status === 'funded' && earner, 20_000, 'paying task funded'));

    // The attack: 1 base unit, one completion, the largest uint64 deadline.
    const attack = await (await stack.chain.escrow.connect(await stranger()).fund(victim.taskId, 1n, 1, 2n ** 64n - 1n)).wait();
    const recorded = await eventually(() => outcomeOf(attack!.hash), 20_000, "the stranger's log recorded");
    expect(recorded).toEqual({ outcome: 'applied', task_id: String(victim.taskId) });
    const row = await taskRow(idx.db, victim.taskId);
    expect(row!.funding_status).toBe('anomaly');
    expect(row!.anomalies).toEqual([expect.objectContaining({ kind: 'foreign_funder', reason: expect.stringContaining('deadline unix time 18446744073709551615 instead of') })]);

    // Everything after it is still recorded: another task funded correctly,
    const funding = await fundTask(stack.chain, victimCreator.signer, later.taskId, later.reward, later.maxCompletions, later.deadline);
    await eventually(async () => (await taskRow(idx.db, later.taskId))?.funding_status === 'funded', 20_000, 'later task funded');
    expect(await outcomeOf(funding.hash)).toMatchObject({ outcome: 'applied' });
    // a payout,
    await approve(idx.commands, payer, s);
    const paid = await eventually(async () => {
      const r = await submissionRow(idx.db, s);
      return r?.payout_status === 'released' && r;
    }, 30_000, 'payout released');
    expect(await outcomeOf(paid.transaction_hash)).toMatchObject({ outcome: 'applied' });
    expect(await stack.chain.token.balanceOf(earner.wallet)).toBe(4n * CENT);
    // and a refund.
    const refundableAt = Number(await stack.chain.escrow.refundableAt(refunding.key));
    const now = (await stack.anvil.provider.getBlock('latest'))!.timestamp;
    await stack.anvil.rpc('evm_increaseTime', [refundableAt - now + 1]);
    await stack.anvil.rpc('evm_mine');
    const refund = await (await stack.chain.escrow.connect(refunder.signer).refund(refunding.key)).wait();
    await eventually(async () => (await taskRow(idx.db, refunding.taskId))?.funding_status === 'refunded', 20_000, 'refunded');
    expect(await outcomeOf(refund!.hash)).toMatchObject({ outcome: 'applied' });
  });

  it('a junk escrow for the largest uint256 id: its funding and its refund are recorded as rejected, and the follower goes on', async () => {
    // No backend task can have that id: both logs are recorded with the reason (the refund is bound to the
    // id through the funding of its key) and nothing reaches the domain.
    const signer = await stranger();
    const deadline = BigInt((await stack.anvil.provider.getBlock('latest'))!.timestamp + 5); // the chain's clock (moved by the test before)
    const junkId = 2n ** 256n - 1n;
    const fund = await (await stack.chain.escrow.connect(signer).fund(junkId, 1n, 1, deadline)).wait();
    const rec = await eventually(() => outcomeOf(fund!.hash), 20_000, 'junk funding recorded');
    expect(rec).toEqual({ outcome: `rejected: task ${junkId} is not a backend id`, task_id: junkId.toString() });
    const key = await stack.chain.escrow.escrowKey(await signer.getAddress(), junkId, 1n, 1, deadline);
    const now = (await stack.anvil.provider.getBlock('latest'))!.timestamp;
    const refundableAt = Number(await stack.chain.escrow.refundableAt(key));
    if (refundableAt > now) {
      await stack.anvil.rpc('evm_increaseTime', [refundableAt - now + 1]);
      await stack.anvil.rpc('evm_mine');
    }
    const refund = await (await stack.chain.escrow.connect(signer).refund(key)).wait();
    expect(await eventually(() => outcomeOf(refund!.hash), 20_000, 'junk refund recorded')).toEqual({
      outcome: `rejected: task ${junkId} is not a backend id`, task_id: junkId.toString(),
    });
    // A funded task's own flow still goes on after both.
    const task = await createAndFundTask(idx.commands, stack.chain, payer, { reward: 1, maxCompletions: 1, deadline: new Date(((await stack.anvil.provider.getBlock('latest'))!.timestamp + 3600) * 1000) });
    await eventually(async () => (await taskRow(idx.db, task.taskId))?.funding_status === 'funded', 20_000, 'funded after the junk');
  });
});
