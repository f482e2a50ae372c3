import { spawnIndexer } from './support/child';
import { IndexerInstance, Stack, eventually, startIndexer, startStack, within } from './support/stack';
import { approve, createAndFundTask, registerCreator, registerUser, submit } from './support/scenario';

type Line = { level: number; service: string; msg: string; decision?: string; taskId?: number; submissionIds?: number[]; txHash?: string; nonce?: number };

/** The real indexer process at LOG_LEVEL=info: its decisions are JSON lines carrying the ids they are about. */
describe('indexer and payout worker decision logs', () => {
  let stack: Stack;
  let domain: IndexerInstance;

  beforeEach(async () => {
    stack = await startStack();
    domain = await startIndexer(stack.env, { start: false });
  });

  afterEach(async () => {
    await domain?.close();
    await stack?.stop();
  });

  it('logs a payout it sends as JSON with its task id, submission ids, tx hash and nonce; nothing but JSON', async () => {
    const creator = await registerCreator(domain.commands, stack.chain, 0);
    const { taskId } = await createAndFundTask(domain.commands, stack.chain, creator, { reward: 2, maxCompletions: 3 });
    const child = spawnIndexer({ ...stack.env, LOG_LEVEL: 'info' });
    try {
      await within(child.ready, 60_000, 'indexer process start');
      await eventually(async () => Number((await domain.db.query(`SELECT count(*) FROM tasks WHERE id = $1 AND funding_status = 'funded'`, [taskId]))[0].count) === 1, 30_000, 'funded');
      const earner = await registerUser(domain.commands);
      const submissionId = await submit(domain.commands, taskId, earner);
      await approve(domain.commands, creator, submissionId);
      const lines = () => child.output().split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as Line);
      const sent = await eventually(async () => lines().find((l) => l.decision === 'payout_sent'), 30_000, 'payout_sent line');
      expect(sent).toMatchObject({ level: 30, service: 'indexer', taskId, submissionIds: [submissionId], nonce: expect.any(Number) });
      expect(sent.txHash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(sent.msg).toContain(`payout of task ${taskId}`);
      expect(lines().find((l) => l.msg.startsWith('CENT indexer:'))).toMatchObject({ service: 'indexer' });
    } finally {
      await child.stop();
    }
  });
});
