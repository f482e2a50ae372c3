import { Client } from 'pg';
import { DEV_RELEASER } from '@cent/contracts';
import { Wallet } from 'ethers';
import { LostLeadershipError } from '../src/leadership/leader-fence';
import { CENT } from './support/escrow-chain';
import { startLaggingRpc } from './support/lagging-rpc';
import { IndexerInstance, Stack, eventually, startIndexer, startStack } from './support/stack';
import { approvedSubmission, registerCreator } from './support/scenario';
import { TestWorker, leadingWorker, payoutRows, releaserNonces } from './support/worker';

/**
 * Fencing and absence: a worker that lost leadership never stores or broadcasts a payout, and a payout is
 * only given up (its submissions freed for a new nonce) once its absence is confirmed, never because an
 * RPC answers null receipts for a mined transaction.
 */
describe('payout worker: fencing and confirmed absence', () => {
  let stack: Stack;
  let domain: IndexerInstance;
  let creator: Awaited<ReturnType<typeof registerCreator>>;
  const workers: TestWorker[] = [];
  let admin: Client;

  beforeAll(async () => {
    stack = await startStack();
    domain = await startIndexer(stack.env, { payouts: false });
    creator = await registerCreator(domain.commands, stack.chain, 0);
    admin = new Client({ connectionString: stack.databaseUrl });
    await admin.connect();
  });

  afterEach(async () => {
    await stack.anvil.rpc('evm_setAutomine', [true]);
    for (const w of workers.splice(0)) await w.close();
  });

  afterAll(async () => {
    await admin?.end();
    await domain?.close();
    await stack?.stop();
  });

  const approval = () => approvedSubmission(domain.commands, domain.db, stack.chain, creator, 6);

  async function worker(lockName: string, extra: Parameters<typeof leadingWorker>[2] | object = {}): Promise<TestWorker> {
    const w = await leadingWorker(stack, domain, { lockName, ...extra });
    workers.push(w);
    return w;
  }

  /** Kills the connection holding a worker's advisory lock (as a network cut or a DBA would). */
  async function killLock(w: TestWorker): Promise<void> {
    await admin.query(`SELECT pg_terminate_backend($1)`, [w.token.lockPid]);
    await w.lost;
  }

  async function releasesOf(id: number) {
    return stack.chain.escrow.queryFilter(stack.chain.escrow.filters.RewardReleased(undefined, id));
  }

  it('a worker whose lock connection was killed stores and sends nothing; its successor pays once', async () => {
    const a = await approval();
    const old = await worker('payouts:fence-1');
    await killLock(old);
    const before = await releaserNonces(stack);
    // No successor yet: leadership is simply gone.
    await expect(old.worker.tick()).rejects.toBeInstanceOf(LostLeadershipError);
    const successor = await worker('payouts:fence-1');
    expect(BigInt(successor.token.epoch)).toBe(BigInt(old.token.epoch) + 1n);
    await expect(old.worker.tick()).rejects.toBeInstanceOf(LostLeadershipError);
    expect(await payoutRows(domain).then((r) => r.filter((x) => x.submission_ids.includes(a.id)))).toEqual([]);
    expect(await releaserNonces(stack)).toEqual(before);

    await successor.worker.tick();
    expect(await releasesOf(a.id)).toHaveLength(1);
    expect(await stack.chain.token.balanceOf(a.earner.wallet)).toBe(6n * CENT);
  });

  it('a stale leader never re-sends its open transaction; the new leader re-sends the same bytes, paid once', async () => {
    const a = await approval();
    const old = await worker('payouts:fence-2');
    await stack.anvil.rpc('evm_setAutomine', [false]);
    await old.worker.tick();
    const [row] = (await payoutRows(domain)).filter((x) => x.submission_ids.includes(a.id));
    // The node loses the transaction; the old leader loses its lock; a successor takes over.
    await stack.anvil.rpc('anvil_dropTransaction', [row.tx_hash]);
    await killLock(old);
    const successor = await worker('payouts:fence-2');
    await expect(old.worker.tick()).rejects.toBeInstanceOf(LostLeadershipError);
    expect(await stack.anvil.provider.getTransaction(row.tx_hash)).toBeNull(); // the stale leader sent nothing

    await successor.worker.tick();
    expect((await stack.anvil.provider.getTransaction(row.tx_hash))?.hash.toLowerCase()).toBe(row.tx_hash);
    await stack.anvil.rpc('evm_mine');
    await successor.worker.tick();
    expect((await payoutRows(domain)).filter((x) => x.submission_ids.includes(a.id)).map((r) => r.status)).toEqual(['mined']);
    expect((await releasesOf(a.id))[0].transactionHash.toLowerCase()).toBe(row.tx_hash);
  });

  it('a new leader waits for the old one\'s fenced broadcast to finish before it leads', async () => {
    const old = await worker('payouts:fence-3');
    let finish!: () => void;
    const gate = new Promise<void>((r) => (finish = r));
    const entered = new Promise<void>((resolveEntered) => {
      // The old leader is inside its fence (about to broadcast) when its lock connection dies.
      void old.worker.fencing!.run(async () => {
        resolveEntered();
        await gate;
      });
    });
    await entered;
    await killLock(old);
    let led = false;
    const successor = leadingWorker(stack, domain, { lockName: 'payouts:fence-3' }).then((w) => {
      led = true;
      workers.push(w);
      return w;
    });
    // The successor holds the advisory lock but its epoch bump waits on the old leader's fenced transaction.
    await eventually(async () => {
      const rows = await admin.query(
        `SELECT 1 FROM pg_stat_activity WHERE application_name = 'cent-indexer-lock' AND wait_event_type = 'Lock' AND datname = current_database()`,
      );
      return rows.rowCount === 1;
    }, 10_000, 'successor waiting on the fence');
    expect(led).toBe(false);
    finish();
    const w = await successor;
    expect(BigInt(w.token.epoch)).toBe(BigInt(old.token.epoch) + 1n);
    await expect(old.worker.fencing!.run(async () => 'sent')).rejects.toBeInstanceOf(LostLeadershipError);
  });

  it('null receipts from a lagging RPC never make a mined payout look dropped', async () => {
    const a = await approval();
    const proxy = await startLaggingRpc(stack.anvil.url);
    try {
      const w = await worker('payouts:lag', { rpcUrl: proxy.url, dropConfirmations: 3 });
      proxy.nullReceipts = true;
      const before = await releaserNonces(stack);
      await w.worker.tick(); // sent and (automine) mined at once; the proxy hides the receipt
      for (let k = 0; k < 10; k++) await w.worker.tick();
      expect(proxy.nulled).toBeGreaterThanOrEqual(10);
      const rows = (await payoutRows(domain)).filter((x) => x.submission_ids.includes(a.id));
      expect(rows.map((r) => [r.status, r.absent_observations])).toEqual([['signed', 0]]); // not dropped, not re-sent
      expect(await releaserNonces(stack)).toEqual({ latest: before.latest + 1, pending: before.latest + 1 });
      proxy.nullReceipts = false;
      await w.worker.tick();
      expect((await payoutRows(domain)).filter((x) => x.submission_ids.includes(a.id)).map((r) => r.status)).toEqual(['mined']);
      expect(await releasesOf(a.id)).toHaveLength(1);
    } finally {
      await proxy.close();
    }
  });

  it('a nonce taken by another transaction is dropped only after confirmed absence, then paid once with a new nonce', async () => {
    const a = await approval();
    const w = await worker('payouts:drop', { dropConfirmations: 3 });
    await stack.anvil.rpc('evm_setAutomine', [false]);
    await w.worker.tick();
    const [first] = (await payoutRows(domain)).filter((x) => x.submission_ids.includes(a.id));
    // Someone else with the releaser key uses that nonce for another transaction; ours is gone.
    await stack.anvil.rpc('anvil_dropTransaction', [first.tx_hash]);
    const releaser = new Wallet(DEV_RELEASER.privateKey, stack.anvil.provider);
    await releaser.sendTransaction({ to: Wallet.createRandom().address, value: 1n, nonce: first.nonce });
    await stack.anvil.rpc('evm_mine');
    for (let k = 1; k <= 2; k++) {
      await w.worker.tick();
      const [row] = (await payoutRows(domain)).filter((x) => x.submission_ids.includes(a.id));
      expect([row.status, row.absent_observations]).toEqual(['signed', k]);
    }
    await w.worker.tick(); // third observation: dropped; the submission gets a new nonce at once
    const rows = (await payoutRows(domain)).filter((x) => x.submission_ids.includes(a.id));
    expect(rows.map((r) => r.status)).toEqual(['dropped', 'signed']);
    expect(rows[1].nonce).toBe(first.nonce + 1);
    await stack.anvil.rpc('evm_mine');
    await w.worker.tick();
    expect(await releasesOf(a.id)).toHaveLength(1);
    expect((await releasesOf(a.id))[0].transactionHash.toLowerCase()).toBe(rows[1].tx_hash);
  });
});
