import { DEV_RELEASER } from '@cent/contracts';
import { JsonRpc, Logger } from '../../src/chain/json-rpc';
import { AdvisoryLeadership } from '../../src/leadership/advisory-lock';
import { LeaderToken } from '../../src/leadership/leader-fence';
import { PayoutWorker, PayoutWorkerOptions } from '../../src/payouts/payout-worker';
import { IndexerInstance, Stack } from './stack';

/** Collects log lines (the tests read what the worker reported) instead of printing them. */
export function memoryLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return { lines, log: (m) => lines.push(m), warn: (m) => lines.push(`WARN ${m}`), error: (m) => lines.push(`ERROR ${m}`) };
}

export interface TestWorker {
  worker: PayoutWorker;
  leadership: AdvisoryLeadership;
  token: LeaderToken;
  /** Resolves when this worker's advisory lock is lost. */
  lost: Promise<void>;
  logger: ReturnType<typeof memoryLogger>;
  rpc: JsonRpc;
  close(): Promise<void>;
}

/**
 * A real PayoutWorker that took real leadership (advisory lock + fencing epoch) under `lockName`, driven
 * tick by tick by the test (its loop is not started). It uses the test domain's database and command bus;
 * that domain's own runner (follower only) leads under another name.
 */
export async function leadingWorker(
  stack: Stack,
  domain: IndexerInstance,
  opts: { lockName: string; rpcUrl?: string } & Partial<PayoutWorkerOptions>,
): Promise<TestWorker> {
  const logger = memoryLogger();
  const leadership = new AdvisoryLeadership(stack.databaseUrl, opts.lockName, logger, 100);
  const { lost, token } = await leadership.acquire();
  const rpc = new JsonRpc(opts.rpcUrl ?? stack.anvil.url, logger, 10_000, { initialDelayMs: 20, maxDelayMs: 200 });
  const worker = new PayoutWorker(rpc, domain.db, domain.commands, {
    chainId: 31337,
    escrow: stack.chain.deployment.escrow.toLowerCase(),
    privateKey: DEV_RELEASER.privateKey,
    batchWindowMs: 0,
    pollMs: 50,
    maxInFlight: 16,
    maxFeePerGas: 500_000_000_000n,
    feeBumpPercent: 15,
    stuckBlocks: 3,
    dropConfirmations: 3,
    ...opts,
  }, logger);
  worker.lead(token);
  return {
    worker, leadership, token, lost, logger, rpc,
    close: async () => {
      rpc.closed = true;
      await leadership.release();
    },
  };
}

/** Payout transactions of the test database, oldest first. */
export async function payoutRows(domain: IndexerInstance): Promise<Array<Record<string, any>>> {
  return domain.db.query(
    `SELECT id, nonce::int AS nonce, task_id, submission_ids, tx_hash, status, max_fee_per_gas::text AS max_fee,
            max_priority_fee_per_gas::text AS tip, absent_observations FROM payout_transactions ORDER BY id`,
  );
}

/** How many transactions the releaser has mined ('latest') and sent ('pending'). */
export async function releaserNonces(stack: Stack): Promise<{ latest: number; pending: number }> {
  const [latest, pending] = await Promise.all([
    stack.anvil.rpc<string>('eth_getTransactionCount', [DEV_RELEASER.address, 'latest']),
    stack.anvil.rpc<string>('eth_getTransactionCount', [DEV_RELEASER.address, 'pending']),
  ]);
  return { latest: Number(latest), pending: Number(pending) };
}
