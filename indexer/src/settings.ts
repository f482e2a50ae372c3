import * as path from 'node:path';
import { AppConfig, indexerSource } from '@cent/backend';
import { releaserPrivateKey } from './payouts/releaser-key';
import { loadDeployment } from '@cent/contracts';

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
}

/**
 * Where to read: ESCROW_ADDRESS / ESCROW_DEPLOYMENT_BLOCK when set, else the deployment file of this chain
 * (written by deployContracts / ensureDeployed): DATA_DIR/deployments (where `npm start` keeps it, next to
 * the chain's state), then contracts/deployments.
 */
export function indexerSettings(config: AppConfig, options: { payouts?: boolean } = {}): IndexerSettings {
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
  return {
    chainId: config.CHAIN_ID,
    rpcUrl: config.RPC_URL,
    escrow: escrow.toLowerCase(),
    startBlock,
    source: indexerSource(config.CHAIN_ID, escrow),
    confirmations: config.CONFIRMATIONS,
    batchBlocks: config.INDEXER_BATCH_BLOCKS,
    reorgDepth: config.INDEXER_REORG_DEPTH,
    pollMs: config.INDEXER_POLL_MS,
    // Only the payout worker signs: the follower alone and the audit need no key.
    releaserKey: options.payouts === false ? '' : releaserPrivateKey(config),
    payoutWindowMs: config.PAYOUT_BATCH_WINDOW_MS,
    payoutPollMs: config.PAYOUT_POLL_MS,
    payoutMaxInFlight: config.PAYOUT_MAX_IN_FLIGHT,
    payoutMaxFeePerGas: BigInt(config.PAYOUT_MAX_FEE_PER_GAS),
    payoutFeeBumpPercent: config.PAYOUT_FEE_BUMP_PERCENT,
    payoutStuckBlocks: config.PAYOUT_STUCK_BLOCKS,
    payoutDropConfirmations: config.PAYOUT_DROP_CONFIRMATIONS,
    payoutMaxReleasesPerHour: config.PAYOUT_MAX_RELEASES_PER_HOUR,
  };
}
