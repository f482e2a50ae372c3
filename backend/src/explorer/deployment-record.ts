import * as fs from 'node:fs';
import * as path from 'node:path';
import { getAddress } from 'ethers';
import type { Deployment } from '@cent/contracts';
import { AppConfig } from '../config/app-config';

/**
 * Where `npm start` (and the deploy job) keep the deployment record: DATA_DIR/deployments, or
 * CENT_DEPLOYMENTS_DIR when set (the contracts package's own override, which verify-deployment also reads).
 */
export function deploymentsDirOf(config: AppConfig): string {
  return process.env.CENT_DEPLOYMENTS_DIR ?? path.join(config.DATA_DIR, 'deployments');
}

export function deploymentFileOf(config: AppConfig): string {
  return path.join(deploymentsDirOf(config), `${config.CHAIN_ID}.json`);
}

/** The deployment record of this chain, or null when there is none (or it does not parse). */
export function readDeployment(config: AppConfig): Deployment | null {
  try {
    return JSON.parse(fs.readFileSync(deploymentFileOf(config), 'utf8')) as Deployment;
  } catch {
    return null;
  }
}

/** The recorded verification data (compiler, settings, standard-JSON input) of the contract at `address`. */
export function recordedSourceOf(deployment: Deployment | null, address: string) {
  const contracts = deployment?.verification?.contracts ?? {};
  const wanted = getAddress(address);
  for (const [name, v] of Object.entries(contracts)) {
    if (v && getAddress(v.address) === wanted) return { name, ...v };
  }
  return null;
}
