import { ApplyEscrowLogsCommand, EscrowLogOutcome } from '@cent/backend';
import { Stack, eventually, startIndexer, startStack } from './support/stack';
import { approve, createAndFundTask, registerCreator, registerUser, submissionRow, submit, taskRow } from './support/scenario';
import { startFlakyRpc } from './support/flaky-rpc';
import { decodeEscrowLog } from '../src/chain/escrow-logs';
import { CENT } from './support/escrow-chain';

describe('faults: duplicate logs, a failing RPC, two indexers', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack();
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('the same log delivered twice is applied once (command twice, and a full re-read from the deployment block)', async () => {
    const idx = await startIndexer(stack.env, { payouts: false });
    try {
      const creator = await registerCreator(idx.commands, stack.chain, 0);
      const earner = await registerUser(idx.commands);
      const task = await createAndFundTask(idx.commands, stack.chain, creator, { reward: 2, maxCompletions: 1 });
      await eventually(async () => (await taskRow(idx.db, task.taskId))?.funding_status === 'funded', 20_000, 'funded');
      const submissionId = await submit(idx.commands, task.taskId, earner);
      await approve(idx.commands, creator, submissionId);
      const receipt = await (await stack.chain.escrow.connect(stack.chain.releaser).release(task.key, submissionId, earner.wallet)).wait();
      await eventually(async () => (await submissionRow(idx.db, submissionId))?.payout_status === 'released', 20_000, 'released');
      const countEvents = async () => Number((await idx.db.query(`SELECT count(*) AS n FROM events`))[0].n);
      const before = await countEvents();

      // 1. The very same log handed to the domain again.
      const raw = await stack.anvil.rpc<any[]>('eth_getLogs', [{ address: stack.chain.deployment.escrow, blockHash: receipt!.blockHash }]);
      const decoded = decodeEscrowLog(raw[0], 31337)!;
      const again: EscrowLogOutcome[][] = await idx.commands.execute(ApplyEscrowLogsCommand.forTask(task.taskId, [decoded.log!]));
      expect(again).toEqual([[{ result: 'duplicate' }]]);

      // 2. The checkpoint moved back to before the deployment: every log is read and delivered again.
      await idx.runner.stop();
      await idx.db.query(`UPDATE indexer_checkpoints SET block_number = $1, block_hash = NULL`, [stack.chain.deployment.deploymentBlock - 1]);
      await idx.db.query(`UPDATE indexer_applied_logs SET outcome = NULL`);
      const idx2 = await startIndexer(stack.env, { payouts: false });
      try {
        const head = await stack.anvil.provider.getBlockNumber();
        await eventually(async () => Number((await idx2.db.query(`SELECT block_number FROM indexer_checkpoints`))[0].block_number) === head, 20_000, 'caught up');
        const outcomes = await idx2.db.query(`SELECT DISTINCT outcome FROM indexer_applied_logs`);
        expect(outcomes).toEqual([{ outcome: 'duplicate' }]);
      } finally {
        await idx2.close();
      }
      expect(await countEvents()).toBe(before);
      const sub = await submissionRow(idx.db, submissionId);
      expect(sub!.transaction_hash).toBe(receipt!.hash.toLowerCase());
      expect((await idx.db.query(`SELECT total_earned FROM leaderboard WHERE user_id = $1`, [earner.id]))[0].total_earned).toBe('2');
    } finally {
      await idx.close();
    }
  });

  it('an RPC that fails every third call: retried with backoff, nothing skipped, payouts still exactly once', async () => {
    const proxy = await startFlakyRpc(stack.anvil.url, 3);
    const idx = await startIndexer({ ...stack.env, RPC_URL: proxy.url });
    try {
      const creator = await registerCreator(idx.commands, stack.chain, 1);
      const task = await createAndFundTask(idx.commands, stack.chain, creator, { reward: 5, maxCompletions: 3 });
      await eventually(async () => (await taskRow(idx.db, task.taskId))?.funding_status === 'funded', 30_000, 'funded');
      const earners = [await registerUser(idx.commands), await registerUser(idx.commands), await registerUser(idx.commands)];
      const ids: number[] = [];
      for (const e of earners) {
        const id = await submit(idx.commands, task.taskId, e);
        await approve(idx.commands, creator, id);
        ids.push(id);
      }
      await eventually(async () => {
        const rows = await Promise.all(ids.map((id) => submissionRow(idx.db, id)));
        return rows.every((r) => r?.payout_status === 'released');
      }, 60_000, 'all paid through the flaky RPC');
      for (const e of earners) expect(await stack.chain.token.balanceOf(e.wallet)).toBe(5n * CENT);
      expect((await stack.chain.escrow.getEscrow(task.key)).paidCount).toBe(3n);
      const reverted = await idx.db.query(`SELECT count(*)::int AS n FROM payout_transactions WHERE status = 'reverted'`);
      expect(reverted[0].n).toBe(0);
      expect(proxy.failures).toBeGreaterThan(5);
      // Every block up to the head was read: the checkpoint reaches it and every log of the escrow is applied.
      const head = await stack.anvil.provider.getBlockNumber();
      await eventually(async () => Number((await idx.db.query(`SELECT block_number FROM indexer_checkpoints`))[0].block_number) === head, 20_000, 'caught up');
      const onChain = await stack.anvil.rpc<any[]>('eth_getLogs', [{ address: stack.chain.deployment.escrow, fromBlock: '0x0', toBlock: 'latest' }]);
      const escrowEvents = onChain.map((l) => decodeEscrowLog(l, 31337)).filter(Boolean);
      const applied = await idx.db.query(`SELECT count(*)::int AS n FROM indexer_applied_logs WHERE outcome IN ('applied', 'duplicate')`);
      expect(applied[0].n).toBe(escrowEvents.length);
    } finally {
      await idx.close();
      await proxy.close();
    }
  });

  it('two indexers started at once: one leads, the other stands by and takes over when the first stops', async () => {
    const [a, b] = await Promise.all([startIndexer(stack.env), startIndexer(stack.env)]);
    try {
      await eventually(async () => a.runner.isLeader || b.runner.isLeader, 10_000, 'a leader');
      await new Promise((r) => setTimeout(r, 300));
      expect([a.runner.isLeader, b.runner.isLeader].filter(Boolean)).toHaveLength(1);
      const [leader, standby] = a.runner.isLeader ? [a, b] : [b, a];

      const creator = await registerCreator(leader.commands, stack.chain, 2);
      const earner = await registerUser(leader.commands);
      const task = await createAndFundTask(leader.commands, stack.chain, creator, { reward: 3, maxCompletions: 2 });
      await eventually(async () => (await taskRow(leader.db, task.taskId))?.funding_status === 'funded', 20_000, 'funded');
      const first = await submit(leader.commands, task.taskId, earner);
      await approve(leader.commands, creator, first);
      await eventually(async () => (await submissionRow(leader.db, first))?.payout_status === 'released', 20_000, 'first paid');

      await leader.close();
      await eventually(async () => standby.runner.isLeader, 10_000, 'standby takes over');
      const earner2 = await registerUser(standby.commands);
      const second = await submit(standby.commands, task.taskId, earner2);
      await approve(standby.commands, creator, second);
      await eventually(async () => (await submissionRow(standby.db, second))?.payout_status === 'released', 20_000, 'second paid');
      const counts = await standby.db.query(
        `SELECT (data->>'submissionId')::int AS id, count(*)::int AS n FROM events WHERE event_type = 'RewardReleased' AND stream_id = $1 GROUP BY 1 ORDER BY 1`,
        [`task-${task.taskId}`],
      );
      expect(counts).toEqual([{ id: first, n: 1 }, { id: second, n: 1 }]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
