import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { JsonRpcProvider, NonceManager, Wallet, parseUnits } from 'ethers';
import {
  CentToken,
  CentToken__factory,
  DEV_ACCOUNTS,
  DEV_DEPLOYER,
  DEV_RELEASER,
  Deployment,
  TaskEscrow,
  TaskEscrow__factory,
  deployContracts,
} from '@cent/contracts';

/** Deployed contracts on a test chain, and signers for the dev accounts. */
export interface EscrowChain {
  deployment: Deployment;
  provider: JsonRpcProvider;
  token: CentToken;
  escrow: TaskEscrow;
  /** Dev account #2.. used as task creators (each gets demo CENT). */
  creators: NonceManager[];
  deployer: NonceManager;
}

export const CENT = 10n ** 18n;

export async function deployEscrow(provider: JsonRpcProvider, url: string, reviewWindowSeconds = 60): Promise<EscrowChain> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cent-deploy-'));
  const creatorsKeys = DEV_ACCOUNTS.slice(2);
  const deployment = await deployContracts({
    rpcUrl: url,
    deployerPrivateKey: DEV_DEPLOYER.privateKey,
    releaserAddress: DEV_RELEASER.address,
    reviewWindowSeconds,
    demoMintTo: creatorsKeys.map((a) => a.address),
    demoMintAmount: parseUnits('100000000', 18),
    deploymentsDir: dir,
  });
  fs.rmSync(dir, { recursive: true, force: true });
  const deployer = new NonceManager(new Wallet(DEV_DEPLOYER.privateKey, provider));
  const creators = creatorsKeys.map((a) => new NonceManager(new Wallet(a.privateKey, provider)));
  for (const c of creators) {
    await (await CentToken__factory.connect(deployment.token, c).approve(deployment.escrow, 2n ** 255n)).wait();
  }
  return {
    deployment,
    provider,
    token: CentToken__factory.connect(deployment.token, provider),
    escrow: TaskEscrow__factory.connect(deployment.escrow, provider),
    creators,
    deployer,
  };
}

/** Funds `taskId` on chain from `creator` (reward in whole CENT); returns the receipt. */
export async function fundTask(chain: EscrowChain, creator: NonceManager, taskId: number, rewardCent: number, maxCompletions: number, deadline: Date) {
  const escrow = chain.escrow.connect(creator);
  const tx = await escrow.fund(taskId, BigInt(rewardCent) * CENT, maxCompletions, BigInt(Math.floor(deadline.getTime() / 1000)));
  return (await tx.wait())!;
}
