import { Stack, IndexerInstance, eventually, startIndexer, startStack } from './support/stack';
import { approve, createAndFundTask, registerCreator, registerUser, submissionRow, submit, taskRow } from './support/scenario';
import { CENT } from './support/escrow-chain';

/**
 * Reorganisations simulated on anvil: evm_snapshot, build a history, evm_revert, mine a different (longer)
 * history. The indexer must compensate the facts of the dropped blocks and follow the new chain.
 */
describe('reorganisations', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack();
  });

  afterAll(async () => {
    await stack?.stop();
  });

  async function eventTypes(idx: IndexerInstance, taskId: number): Promise<string[]> {
    const rows = await idx.db.query(`SELECT event_type FROM events WHERE stream_id = $1 ORDER BY stream_version`, [`task-${taskId}`]);
    return rows.map((r: { event_type: string }) => r.event_type);
  }

  it('drops a RewardReleased and a TaskFunded from abandoned blocks and applies the new canonical history', async () => {
    // Payouts off: the test releases from a releaser key of its own, so it controls which block holds what.
    const idx = await startIndexer(stack.env, { payouts: false });
    try {
      const creator = await registerCreator(idx.commands, stack.chain, 0);
      const earner = await registerUser(idx.commands);
      const task = await createAndFundTask(idx.commands, stack.chain, creator, { reward: 4, maxCompletions: 2 });
      await eventually(async () => (await taskRow(idx.db, task.taskId))?.funding_status === 'funded', 20_000, 'funded');
      const submissionId = await submit(idx.commands, task.taskId, earner);
      await approve(idx.commands, creator, submissionId);
      const other = await createAndFundTask(idx.commands, stack.chain, creator, { reward: 1, maxCompletions: 1, fund: false });

      const snapshot = await stack.anvil.rpc<string>('evm_snapshot');
      // History A: the reward is released and the creator funds the other task.
      const releaseA = await (await stack.chain.escrow.connect(stack.chain.releaser).release(task.key, submissionId, earner.wallet)).wait();
      await (await stack.chain.escrow.connect(creator.signer).fund(other.taskId, CENT, 1, BigInt(Math.floor(other.deadline.getTime() / 1000)))).wait();
      await eventually(async () => (await submissionRow(idx.db, submissionId))?.payout_status === 'released', 20_000, 'released (A)');
      await eventually(async () => (await taskRow(idx.db, other.taskId))?.funding_status === 'funded', 20_000, 'other funded (A)');
      expect((await idx.db.query(`SELECT total_earned FROM leaderboard WHERE user_id = $1`, [earner.id]))[0].total_earned).toBe('4');

      // History B: back to the snapshot; three empty blocks make it the longer chain, without those facts.
      expect(await stack.anvil.rpc('evm_revert', [snapshot])).toBe(true);
      creator.signer.reset(); // its nonces went back with the chain
      stack.chain.releaser.reset();
      for (let i = 0; i < 3; i++) await stack.anvil.rpc('evm_mine');
      expect(await stack.anvil.provider.getTransactionReceipt(releaseA!.hash)).toBeNull();

      await eventually(async () => (await submissionRow(idx.db, submissionId))?.payout_status === 'requested', 20_000, 'release compensated');
      await eventually(async () => (await taskRow(idx.db, other.taskId))?.funding_status === 'awaiting_funding', 20_000, 'funding compensated');
      const sub = await submissionRow(idx.db, submissionId);
      expect(sub!.transaction_hash).toBeNull();
      expect((await taskRow(idx.db, task.taskId))!.released_amount).toBe('0');
      expect((await idx.db.query(`SELECT total_earned, completed_tasks FROM leaderboard WHERE user_id = $1`, [earner.id]))[0])
        .toEqual({ total_earned: '0', completed_tasks: 0 });
      expect(await eventTypes(idx, task.taskId)).toEqual(expect.arrayContaining(['RewardReleased', 'RewardReleaseReverted']));

      // History B goes on: the same release again, now in a different block: applied as a new fact.
      const releaseB = await (await stack.chain.escrow.connect(stack.chain.releaser).release(task.key, submissionId, earner.wallet)).wait();
      const paid = await eventually(async () => {
        const row = await submissionRow(idx.db, submissionId);
        return row?.payout_status === 'released' && row;
      }, 20_000, 'released (B)');
      expect(paid.transaction_hash).toBe(releaseB!.hash.toLowerCase());
      expect(paid.payout_block_number).toBe(String(releaseB!.blockNumber));
      expect((await taskRow(idx.db, task.taskId))!.released_amount).toBe((4n * CENT).toString());
      expect((await idx.db.query(`SELECT total_earned FROM leaderboard WHERE user_id = $1`, [earner.id]))[0].total_earned).toBe('4');
      // The indexer forgot the abandoned blocks' logs; the applied ones are exactly the canonical ones.
      const logs = await idx.db.query(`SELECT tx_hash FROM indexer_applied_logs WHERE task_id = $1 ORDER BY block_number, log_index`, [task.taskId]);
      expect(logs.map((l: { tx_hash: string }) => l.tx_hash)).toEqual([task.txHash, releaseB!.hash.toLowerCase()]);
    } finally {
      await idx.close();
    }
  });

  it('a payout transaction dropped by a reorganisation is re-sent with the same bytes and paid once', async () => {
    const idx = await startIndexer(stack.env);
    try {
      const creator = await registerCreator(idx.commands, stack.chain, 1);
      const earner = await registerUser(idx.commands);
      const task = await createAndFundTask(idx.commands, stack.chain, creator, { reward: 6, maxCompletions: 1 });
      await eventually(async () => (await taskRow(idx.db, task.taskId))?.funding_status === 'funded', 20_000, 'funded');
      const snapshot = await stack.anvil.rpc<string>('evm_snapshot');
      const submissionId = await submit(idx.commands, task.taskId, earner);
      await approve(idx.commands, creator, submissionId);
      const first = await eventually(async () => {
        const row = await submissionRow(idx.db, submissionId);
        return row?.payout_status === 'released' && row;
      }, 20_000, 'paid');

      await stack.anvil.rpc('evm_revert', [snapshot]);
      creator.signer.reset();
      for (let i = 0; i < 3; i++) await stack.anvil.rpc('evm_mine');

      // The indexer compensates, the worker sees its mined transaction gone and re-sends the same bytes.
      // The indexer (read model) and the worker (its outbox row) see the new receipt independently: wait for both.
      const again = await eventually(async () => {
        const row = await submissionRow(idx.db, submissionId);
        const receipt = await stack.anvil.provider.getTransactionReceipt(first.transaction_hash);
        const settled = await idx.db.query(`SELECT 1 FROM payout_transactions WHERE $1 = ANY(submission_ids) AND status = 'mined'`, [submissionId]);
        return receipt && settled.length && row?.payout_status === 'released' && Number(row.payout_block_number) === receipt.blockNumber && row;
      }, 30_000, 'paid again on the new chain');
      expect(again.transaction_hash).toBe(first.transaction_hash);
      expect(await stack.chain.token.balanceOf(earner.wallet)).toBe(6n * CENT);
      const txs = await idx.db.query(`SELECT status FROM payout_transactions WHERE $1 = ANY(submission_ids)`, [submissionId]);
      expect(txs).toEqual([{ status: 'mined' }]);
      const released = await stack.chain.escrow.queryFilter(stack.chain.escrow.filters.RewardReleased(undefined, submissionId));
      expect(released).toHaveLength(1);
    } finally {
      await idx.close();
    }
  });
});
