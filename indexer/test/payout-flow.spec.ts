import { Stack, IndexerInstance, eventually, startIndexer, startStack } from './support/stack';
import { approve, createAndFundTask, registerCreator, registerUser, submissionRow, submit, taskRow } from './support/scenario';
import { CENT } from './support/escrow-chain';

/** Fund -> approve -> paid, batch payouts and refund, against a real anvil and PostgreSQL. */
describe('indexer + payout worker', () => {
  let stack: Stack;
  let idx: IndexerInstance;

  beforeAll(async () => {
    stack = await startStack({ PAYOUT_BATCH_WINDOW_MS: '1500' });
    idx = await startIndexer(stack.env);
  });

  afterAll(async () => {
    await idx?.close();
    await stack?.stop();
  });

  it('funds a task from its TaskFunded log and pays an approved submission with the release tx hash', async () => {
    const creator = await registerCreator(idx.commands, stack.chain, 0);
    const earner = await registerUser(idx.commands);
    const task = await createAndFundTask(idx.commands, stack.chain, creator, { reward: 7, maxCompletions: 3 });
    const funded = await eventually(async () => {
      const row = await taskRow(idx.db, task.taskId);
      return row?.funding_status === 'funded' && row;
    }, 20_000, 'task funded');
    expect(funded.funded_tx_hash).toBe(task.txHash);

    const submissionId = await submit(idx.commands, task.taskId, earner);
    await approve(idx.commands, creator, submissionId);
    const paid = await eventually(async () => {
      const row = await submissionRow(idx.db, submissionId);
      return row?.payout_status === 'released' && row;
    }, 20_000, 'submission released');

    // The tx hash the read model shows is the one that paid on chain.
    const receipt = await stack.anvil.provider.getTransactionReceipt(paid.transaction_hash);
    expect(receipt?.status).toBe(1);
    const logs = receipt!.logs.map((l) => stack.chain.escrow.interface.parseLog(l)).filter((l) => l?.name === 'RewardReleased');
    expect(logs).toHaveLength(1);
    expect(Number(logs[0]!.args.submissionId)).toBe(submissionId);
    expect(logs[0]!.args.recipient).toBe(earner.wallet);
    expect(await stack.chain.token.balanceOf(earner.wallet)).toBe(7n * CENT);
    expect(await stack.chain.escrow.isPaid(task.key, submissionId)).toBe(true);

    const t = await taskRow(idx.db, task.taskId);
    expect(t!.released_amount).toBe((7n * CENT).toString());
    const board = await idx.db.query(`SELECT * FROM leaderboard WHERE user_id = $1`, [earner.id]);
    expect(board[0]).toMatchObject({ total_earned: '7', completed_tasks: 1 });
  });

  it('pays approvals queued within the batch window in one releaseBatch', async () => {
    const creator = await registerCreator(idx.commands, stack.chain, 1);
    const task = await createAndFundTask(idx.commands, stack.chain, creator, { reward: 3, maxCompletions: 4 });
    await eventually(async () => (await taskRow(idx.db, task.taskId))?.funding_status === 'funded', 20_000, 'funded');
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push(await submit(idx.commands, task.taskId, await registerUser(idx.commands)));
    // Approve all four quickly: they queue within the window and go out together.
    await Promise.all(ids.map((id) => approve(idx.commands, creator, id)));
    const rows = await eventually(async () => {
      const r = await Promise.all(ids.map((id) => submissionRow(idx.db, id)));
      return r.every((s) => s?.payout_status === 'released') && r;
    }, 20_000, 'all released');
    const hashes = new Set(rows.map((r) => r!.transaction_hash));
    expect(hashes.size).toBe(1);
    const tx = await stack.anvil.provider.getTransaction([...hashes][0]);
    expect(stack.chain.escrow.interface.parseTransaction(tx!)!.name).toBe('releaseBatch');
    const onChain = await stack.chain.escrow.getEscrow(task.key);
    expect(onChain.paidCount).toBe(4n);
    expect(onChain.remaining).toBe(0n);
  });

  it('closes a task as refunded when its creator takes the rest back after the review window', async () => {
    const creator = await registerCreator(idx.commands, stack.chain, 2);
    const deadline = new Date(Date.now() + 120_000);
    const task = await createAndFundTask(idx.commands, stack.chain, creator, { reward: 5, maxCompletions: 2, deadline });
    await eventually(async () => (await taskRow(idx.db, task.taskId))?.funding_status === 'funded', 20_000, 'funded');
    const refundableAt = Number(await stack.chain.escrow.refundableAt(task.key));
    const now = (await stack.anvil.provider.getBlock('latest'))!.timestamp;
    await stack.anvil.rpc('evm_increaseTime', [refundableAt - now + 1]);
    await stack.anvil.rpc('evm_mine');
    const receipt = await (await stack.chain.escrow.connect(creator.signer).refund(task.key)).wait();
    const refunded = await eventually(async () => {
      const row = await taskRow(idx.db, task.taskId);
      return row?.funding_status === 'refunded' && row;
    }, 20_000, 'refunded');
    expect(refunded.refunded_amount).toBe((10n * CENT).toString());
    // The checkpoint transaction records what became of the log.
    await eventually(async () => {
      const applied = await idx.db.query(`SELECT outcome FROM indexer_applied_logs WHERE tx_hash = $1`, [receipt!.hash.toLowerCase()]);
      return applied.length === 1 && applied[0].outcome === 'applied';
    }, 10_000, 'outcome recorded');
  });
});
