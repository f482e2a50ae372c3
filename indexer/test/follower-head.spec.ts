import { CENT } from './support/escrow-chain';
import { IndexerInstance, Stack, startIndexer, startStack } from './support/stack';
import { createAndFundTask, registerCreator } from './support/scenario';

const unix = (d: Date) => BigInt(Math.floor(d.getTime() / 1000));

/**
 * A range that reached the chain's head says so (`step` resolves false), so the follower's loop waits
 * INDEXER_POLL_MS before reading the next one: under a steady stream of blocks (a payout each) it gathers a
 * poll interval's blocks into one range. Stepping again at once read such a stream one or two blocks a range,
 * each with ~6 RPC calls and a database transaction, whenever a range took longer than the gap between blocks.
 * Only a range cut at INDEXER_BATCH_BLOCKS (catching up) asks to be followed at once.
 */
describe('the follower at the head of the chain', () => {
  let stack: Stack;
  let domain: IndexerInstance;

  beforeAll(async () => {
    stack = await startStack();
    domain = await startIndexer(stack.env, { start: false, payouts: false });
  });

  afterAll(async () => {
    await domain?.close();
    await stack?.stop();
  });

  it('asks for the next range at once only when the last one was cut short of the head', async () => {
    const creator = await registerCreator(domain.commands, stack.chain, 0);
    for (let i = 0; i < 3; i++) {
      const t = await createAndFundTask(domain.commands, stack.chain, creator, { reward: 1, maxCompletions: 1, fund: false });
      await (await stack.chain.escrow.connect(creator.signer).fund(t.taskId, CENT, 1, unix(t.deadline))).wait();
    }
    const head = await stack.anvil.provider.getBlockNumber();
    const checkpoint = async () => Number((await domain.db.query(`SELECT block_number FROM indexer_checkpoints`))[0].block_number);
    // Two blocks a range: the ranges before the head ask for the next at once, the one reaching it does not.
    const indexer = await startIndexer({ ...stack.env, INDEXER_BATCH_BLOCKS: '2' }, { start: false, payouts: false });
    try {
      const follower = indexer.runner.follower;
      await follower.resume();
      // Each step: whether it asked for the next at once, and whether it read a range (moved the checkpoint).
      const steps: Array<{ more: boolean; read: boolean }> = [];
      for (let n = 0; n < 100 && (steps.length === 0 || steps[steps.length - 1].more); n++) {
        const before = await checkpoint();
        const more = await follower.step();
        steps.push({ more, read: (await checkpoint()) > before });
      }
      expect(await checkpoint()).toBe(head);
      expect(steps.length).toBeGreaterThan(1);
      // Every step read a range; only the one that reached the head did not ask for more (before: it did, and
      // one more step found nothing).
      expect(steps.every((s) => s.read)).toBe(true);
      expect(steps.slice(0, -1).every((s) => s.more)).toBe(true);
      expect(steps[steps.length - 1].more).toBe(false);
      // At the head, with nothing new: nothing to do.
      expect(await follower.step()).toBe(false);
      expect(await checkpoint()).toBe(head);
    } finally {
      await indexer.close();
    }
  });
});
