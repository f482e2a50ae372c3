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
  devAccount,
  escrowKey,
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
  /**
   * A second RELEASER_ROLE holder (dev account #7), for tests that release by hand: the payout worker
   * sends from dev account #1, and sharing its key would race it for nonces.
   */
  releaser: NonceManager;
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
  const releaser = new NonceManager(new Wallet(devAccount(7).privateKey, provider));
  const escrow = TaskEscrow__factory.connect(deployment.escrow, deployer);
  await (await escrow.grantRole(await escrow.RELEASER_ROLE(), await releaser.getAddress())).wait();
  return {
    deployment,
    provider,
    token: CentToken__factory.connect(deployment.token, provider),
    escrow: TaskEscrow__factory.connect(deployment.escrow, provider),
    creators,
    deployer,
    releaser,
  };
}

/** The escrow key of `taskId` funded by `funder` with these terms (reward in whole CENT). */
export function taskEscrowKey(funder: string, taskId: number, rewardCent: number, maxCompletions: number, deadline: Date): string {
  return escrowKey(funder, taskId, BigInt(rewardCent) * CENT, maxCompletions, Math.floor(deadline.getTime() / 1000));
}

/** Funds `taskId` on chain from `creator` (reward in whole CENT); returns the receipt. */
export async function fundTask(chain: EscrowChain, creator: NonceManager, taskId: number, rewardCent: number, maxCompletions: number, deadline: Date) {
  const escrow = chain.escrow.connect(creator);
  const tx = await escrow.fund(taskId, BigInt(rewardCent) * CENT, maxCompletions, BigInt(Math.floor(deadline.getTime() / 1000)));
  return (await tx.wait())!;
}
