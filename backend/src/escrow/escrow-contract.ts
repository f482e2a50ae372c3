import * as fs from 'node:fs';
import * as path from 'node:path';
import { Interface } from 'ethers';
import { AppConfig, REPO_ROOT } from '../config/app-config';

/**
 * The part of TaskEscrow the audit view reads, as a human-readable ABI: the backend does not depend on
 * the contracts package (built separately); these signatures are the contract's public interface.
 */
export const ESCROW_AUDIT_ABI = new Interface([
  'function getEscrow(bytes32 key) view returns (tuple(address funder, uint128 reward, uint32 maxCompletions, uint32 paidCount, uint64 deadline, bool refunded, uint256 remaining))',
  'function refundableAt(bytes32 key) view returns (uint256)',
  'event TaskFunded(bytes32 indexed key, uint256 indexed taskId, address indexed funder, uint128 reward, uint32 maxCompletions, uint64 deadline, uint256 amount)',
  'event RewardReleased(bytes32 indexed key, uint256 indexed submissionId, address indexed recipient, uint256 amount)',
  'event TaskRefunded(bytes32 indexed key, address indexed funder, uint256 amount)',
]);

export interface EscrowLocation {
  escrow: string;
  token: string | null;
  startBlock: number;
}

/**
 * ESCROW_ADDRESS (and ESCROW_DEPLOYMENT_BLOCK) from configuration, else the deployment file the deploy
 * wrote (CENT_DEPLOYMENTS_DIR or contracts/deployments/<chainId>.json); null when neither exists.
 */
export function locateEscrow(config: AppConfig): EscrowLocation | null {
  const dir = process.env.CENT_DEPLOYMENTS_DIR ?? path.join(REPO_ROOT, 'contracts', 'deployments');
  let deployment: { escrow: string; token: string; deploymentBlock: number } | null = null;
  try {
    deployment = JSON.parse(fs.readFileSync(path.join(dir, `${config.CHAIN_ID}.json`), 'utf8'));
  } catch {
    deployment = null;
  }
  const escrow = config.ESCROW_ADDRESS ?? deployment?.escrow;
  if (!escrow) return null;
  const same = deployment?.escrow.toLowerCase() === escrow.toLowerCase();
  return {
    escrow,
    token: config.TOKEN_ADDRESS ?? (same ? deployment!.token : null),
    startBlock: config.ESCROW_DEPLOYMENT_BLOCK ?? (same ? deployment!.deploymentBlock : 0),
  };
}

/** The indexer's name for what it follows (its checkpoint's key in indexer_checkpoints): chain id and escrow. */
export function indexerSource(chainId: number, escrow: string): string {
  return `${chainId}:${escrow.toLowerCase()}`;
}

/** EIP-3091 explorer links on the configured explorer (EXPLORER_URL, else the built-in one). */
export function explorerLinks(config: AppConfig) {
  const base = config.explorerUrl;
  return {
    tx: (hash: string): string | null => `${base}/tx/${hash}`,
    address: (addr: string): string | null => `${base}/address/${addr}`,
  };
}
