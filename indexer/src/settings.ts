import * as path from 'node:path';
import { z } from 'zod';
import { AppConfig, indexerSource } from '@cent/backend';
import { loadDeployment } from '@cent/contracts';
import { releaserPrivateKey } from './payouts/releaser-key';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * The indexer's own configuration keys (the follower, the payout worker, its metrics port). The keys it
 * shares with the backend (DATABASE_URL, DATA_DIR, CHAIN_ID, RPC_URL, ESCROW_ADDRESS, ESCROW_DEPLOYMENT_BLOCK,
 * CONFIRMATIONS, LOG_LEVEL, METRICS_TOKEN) stay in the backend's AppConfig: its escrow view, explorer and
 * readiness read them too, and one home per key keeps both processes agreeing on them.
 */
const schema = z.object({
  /** false: the log follower alone, no payouts (and no releaser key needed). */
  INDEXER_PAYOUTS: bool.default(true),
  /** The indexer's own GET /metrics (its RPC errors) listens on this port; unset: not served. */
  INDEXER_METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Hot wallet that sends release/releaseBatch. Default only on chain 31337 (see releaserPrivateKey). */
  RELEASER_PRIVATE_KEY: z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 0x-prefixed 32-byte hex private key').optional(),
  INDEXER_BATCH_BLOCKS: z.coerce.number().int().min(1).max(100_000).default(2000),
  INDEXER_POLL_MS: z.coerce.number().int().min(10).default(250),
  /** How many recent blocks' hashes are kept to detect and unwind reorganisations. */
  INDEXER_REORG_DEPTH: z.coerce.number().int().min(1).default(128),
  /** Approvals of one task requested within this window go out as one releaseBatch. */
  PAYOUT_BATCH_WINDOW_MS: z.coerce.number().int().min(0).default(500),
  PAYOUT_POLL_MS: z.coerce.number().int().min(10).default(200),
  /** Payout transactions (nonces) signed and not yet mined at once; more approvals wait for a free slot. */
  PAYOUT_MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(1_000).default(16),
  /** Highest maxFeePerGas (wei) a payout is ever signed or replaced with: a fee spike above it waits. */
  PAYOUT_MAX_FEE_PER_GAS: z.string().regex(/^[1-9][0-9]{0,30}$/, 'must be a positive integer in wei').default('500000000000'),
  /** A replacement raises maxFeePerGas and maxPriorityFeePerGas each by this much (nodes require >= 10 %). */
  PAYOUT_FEE_BUMP_PERCENT: z.coerce.number().int().min(10).max(1_000).default(15),
  /** New blocks without our pending payout (fee above the base fee) before it is replaced with a higher tip. */
  PAYOUT_STUCK_BLOCKS: z.coerce.number().int().min(1).default(3),
  /** Observations in a row of "nonce used, no receipt, not paid" before a payout counts as dropped. */
  PAYOUT_DROP_CONFIRMATIONS: z.coerce.number().int().min(1).default(3),
  /**
   * Most submissions the payout worker releases in any rolling hour (0 stops payouts): bounds what a misused
   * releaser key can make the worker pay; over it, approved payouts wait (the worker logs an error).
   */
  PAYOUT_MAX_RELEASES_PER_HOUR: z.coerce.number().int().min(0).max(1_000_000).default(1_000),
});

export type IndexerEnv = z.infer<typeof schema>;

/** Parses and validates the indexer's keys; throws one readable line per bad variable (as the backend's loadConfig). */
export function loadIndexerEnv(env: NodeJS.ProcessEnv = process.env): IndexerEnv {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

export interface IndexerSettings {
  chainId: number;
  rpcUrl: string;
  escrow: string;
  startBlock: number;
  /** Names this indexer's checkpoint and lock: one per chain and escrow contract. */
  source: string;
  confirmations: number;
  batchBlocks: number;
  reorgDepth: number;
  pollMs: number;
  /** False: the follower alone (INDEXER_PAYOUTS=false, the audit). */
  payouts: boolean;
  /** Empty when payouts are off. */
  releaserKey: string;
  payoutWindowMs: number;
  payoutPollMs: number;
  payoutMaxInFlight: number;
  payoutMaxFeePerGas: bigint;
  payoutFeeBumpPercent: number;
  payoutStuckBlocks: number;
  payoutDropConfirmations: number;
  payoutMaxReleasesPerHour: number;
  /** Undefined: the indexer serves no /metrics of its own. */
  metricsPort: number | undefined;
}

/**
 * Where to read: ESCROW_ADDRESS / ESCROW_DEPLOYMENT_BLOCK when set, else the deployment file of this chain
 * (written by deployContracts / ensureDeployed): DATA_DIR/deployments (where `npm start` keeps it, next to
 * the chain's state), then contracts/deployments. `options.payouts` overrides INDEXER_PAYOUTS (the audit
 * never pays).
 */
export function indexerSettings(config: AppConfig, env: IndexerEnv, options: { payouts?: boolean } = {}): IndexerSettings {
  const deployment =
    loadDeployment(config.CHAIN_ID, path.join(config.DATA_DIR, 'deployments')) ?? loadDeployment(config.CHAIN_ID);
  const escrow = config.ESCROW_ADDRESS ?? deployment?.escrow;
  if (!escrow) {
    throw new Error(
      `Invalid configuration:\n  ESCROW_ADDRESS: not set and no deployment file for chain ${config.CHAIN_ID} (run the deploy first)`,
    );
  }
  const sameContract = deployment && deployment.escrow.toLowerCase() === escrow.toLowerCase();
  const startBlock = config.ESCROW_DEPLOYMENT_BLOCK ?? (sameContract ? deployment.deploymentBlock : 0);
  const payouts = options.payouts ?? env.INDEXER_PAYOUTS;
  return {
    chainId: config.CHAIN_ID,
    rpcUrl: config.RPC_URL,
    escrow: escrow.toLowerCase(),
    startBlock,
    source: indexerSource(config.CHAIN_ID, escrow),
    confirmations: config.CONFIRMATIONS,
    batchBlocks: env.INDEXER_BATCH_BLOCKS,
    reorgDepth: env.INDEXER_REORG_DEPTH,
    pollMs: env.INDEXER_POLL_MS,
    payouts,
    // Only the payout worker signs: the follower alone and the audit need no key.
    releaserKey: payouts ? releaserPrivateKey(config.CHAIN_ID, env.RELEASER_PRIVATE_KEY) : '',
    payoutWindowMs: env.PAYOUT_BATCH_WINDOW_MS,
    payoutPollMs: env.PAYOUT_POLL_MS,
    payoutMaxInFlight: env.PAYOUT_MAX_IN_FLIGHT,
    payoutMaxFeePerGas: BigInt(env.PAYOUT_MAX_FEE_PER_GAS),
    payoutFeeBumpPercent: env.PAYOUT_FEE_BUMP_PERCENT,
    payoutStuckBlocks: env.PAYOUT_STUCK_BLOCKS,
    payoutDropConfirmations: env.PAYOUT_DROP_CONFIRMATIONS,
    payoutMaxReleasesPerHour: env.PAYOUT_MAX_RELEASES_PER_HOUR,
    metricsPort: env.INDEXER_METRICS_PORT,
  };
}
