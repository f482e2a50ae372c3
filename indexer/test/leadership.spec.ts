import { Client } from 'pg';
import { AdvisoryLeadership, lockKey } from '../src/leadership/advisory-lock';
import { IndexerInstance, Stack, startIndexer, startStack, within } from './support/stack';

const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined };

/** Whether a fresh session can take the lock now (and gives it back at once). */
async function lockIsFree(databaseUrl: string, name: string): Promise<boolean> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock($1::bigint) AS ok`, [lockKey(name)]);
    return rows[0].ok;
  } finally {
    await client.end();
  }
}

/**
 * A stop that arrives while leadership is being granted must end it. It used to be lost: release() found no
 * leadership to end, the grant completed, and the process led on after its stop, whose wait never ended
 * (the indexer crash test hung in CI closing its final indexer this way).
 */
describe('leadership: stop while acquiring', () => {
  let stack: Stack;
  let domain: IndexerInstance; // migrates the database (leader_epochs)

  beforeAll(async () => {
    stack = await startStack();
    domain = await startIndexer(stack.env, { start: false });
  });

  afterAll(async () => {
    await domain?.close();
    await stack?.stop();
  });

  it('release() during acquire(): acquire reports stopped and the lock is not kept', async () => {
    const name = 'cent-indexer:leadership-test';
    const leadership = new AdvisoryLeadership(stack.databaseUrl, name, quiet, 50);
    const acquiring = leadership.acquire(); // now connecting: past its loop's stopped check
    await leadership.release();
    await expect(within(acquiring, 10_000, 'acquire after release')).rejects.toThrow(/^stopped$/);
    expect(await lockIsFree(stack.databaseUrl, name)).toBe(true);
  });

  it('an indexer stopped right after it started stops, and a second one can lead', async () => {
    const first = await startIndexer(stack.env, { payouts: false });
    await within(first.close(), 10_000, 'closing an indexer that was still acquiring');
    expect(first.runner.isLeader).toBe(false);

    const second = await startIndexer(stack.env, { payouts: false });
    try {
      const until = Date.now() + 10_000;
      while (!second.runner.isLeader && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      expect(second.runner.isLeader).toBe(true);
    } finally {
      await within(second.close(), 10_000, 'closing the leading indexer');
    }
  });
});
