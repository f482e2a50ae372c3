/**
 * Deployment of CentToken + TaskEscrow with plain ethers v6 (no Hardhat runtime: runs under node).
 *
 * `deployContracts` always deploys and records, besides addresses and ABIs, what it takes to verify the
 * deployment from source (compiler version, settings, standard-JSON input: src/verification.ts).
 * `ensureDeployed` reuses `deployments/<chainId>.json` when the code at the recorded addresses is the
 * current build's (so a second `npm start` on a persisted anvil chain reuses the contracts, and a chain
 * holding an older escrow gets a new one), and deploys otherwise.
 */
import * as fs from "fs";
import * as path from "path";
import { JsonRpcProvider, NonceManager, Wallet, getAddress, parseUnits } from "ethers";
import { CentToken__factory } from "../typechain-types/factories/contracts/src/CentToken__factory";
import { TaskEscrow__factory } from "../typechain-types/factories/contracts/src/TaskEscrow__factory";
import { LOCAL_CHAIN_ID } from "./dev-accounts";
import { packageRoot } from "./package-root";
import { ContractVerification, VerifiableContract, builtRuntime, runtimeMatches, verificationOf } from "./verification";

/** Default review window: 7 days. */
export const DEFAULT_REVIEW_WINDOW_SECONDS = 7 * 24 * 3600;
/** Default demo balance minted per account on local chains: 10,000 CENT. */
export const DEFAULT_DEMO_MINT_AMOUNT = parseUnits("10000", 18);

export interface DeployOptions {
  rpcUrl: string;
  deployerPrivateKey: string;
  /** Receives RELEASER_ROLE on the escrow. */
  releaserAddress: string;
  /** Default {@link DEFAULT_REVIEW_WINDOW_SECONDS}. */
  reviewWindowSeconds?: number;
  /** Accounts that get demo CENT (only on chain 31337, through CentToken's local faucet). */
  demoMintTo?: string[];
  /** Per account; default {@link DEFAULT_DEMO_MINT_AMOUNT}. */
  demoMintAmount?: bigint;
  /** Use an existing ERC-20 instead of deploying CentToken. */
  tokenAddress?: string;
  /** Where `<chainId>.json` is written; default `<contracts package>/deployments` (env CENT_DEPLOYMENTS_DIR). */
  deploymentsDir?: string;
}

export interface Deployment {
  chainId: number;
  token: string;
  escrow: string;
  /** First block to scan for escrow events (block of the first contract deployed by this run). */
  deploymentBlock: number;
  reviewWindow: number;
  releaser: string;
  abis: { CentToken: unknown[]; TaskEscrow: unknown[] };
  /** Source verification data of each contract this deployment created (absent in records made before it existed). */
  verification?: DeploymentVerification;
}

export interface DeploymentVerification {
  contracts: Partial<Record<VerifiableContract, ContractVerification & { address: string }>>;
}

export interface EnsureDeployedResult extends Deployment {
  /** True when an existing deployment was reused. */
  reused: boolean;
}

/** Default deployments directory: env CENT_DEPLOYMENTS_DIR or `<contracts package>/deployments`. */
export function deploymentsDir(): string {
  return process.env.CENT_DEPLOYMENTS_DIR ?? path.join(packageRoot(), "deployments");
}

/** Path of the deployment file of `chainId`. */
export function deploymentPath(chainId: number | bigint, dir: string = deploymentsDir()): string {
  return path.join(dir, `${chainId}.json`);
}

/** Reads `deployments/<chainId>.json`, or returns null when there is none. */
export function loadDeployment(chainId: number | bigint, dir: string = deploymentsDir()): Deployment | null {
  const file = deploymentPath(chainId, dir);
  if (!fs.existsSync(file)) return null;
  return JSON.parse(fs.readFileSync(file, "utf8")) as Deployment;
}

function writeDeployment(d: Deployment, dir: string): void {
  fs.mkdirSync(dir, { recursive: true });
  const file = deploymentPath(d.chainId, dir);
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(d, null, 2) + "\n");
  fs.renameSync(tmp, file);
}

const abis = (): Deployment["abis"] => ({
  CentToken: [...CentToken__factory.abi],
  TaskEscrow: [...TaskEscrow__factory.abi],
});

/**
 * Verification data from Hardhat's build-info (artifacts/build-info). A package shipped without its build
 * output (e.g. a slim container image) still deploys; its record then says nothing to verify.
 */
function verificationRecord(deployed: Array<[VerifiableContract, string]>): DeploymentVerification | undefined {
  try {
    return { contracts: Object.fromEntries(deployed.map(([name, address]) => [name, { address, ...verificationOf(name) }])) };
  } catch (e) {
    console.warn(`deployment recorded without verification data: ${(e as Error).message}`);
    return undefined;
  }
}

/** Whether on-chain escrow code is the current build's (immutables aside); true when the build output is not at hand. */
function isCurrentBuild(escrowCode: string): boolean {
  let built;
  try {
    built = builtRuntime("TaskEscrow");
  } catch {
    return true;
  }
  return runtimeMatches(escrowCode, built);
}

/** Deploys CentToken (unless `tokenAddress`) and TaskEscrow, grants RELEASER_ROLE, mints demo CENT
 *  (31337 only) and writes `deployments/<chainId>.json`. Always deploys fresh contracts. */
export async function deployContracts(opts: DeployOptions): Promise<Deployment> {
  const provider = new JsonRpcProvider(opts.rpcUrl, undefined, { staticNetwork: true, pollingInterval: 250 });
  try {
    const chainId = Number((await provider.getNetwork()).chainId);
    const signer = new NonceManager(new Wallet(opts.deployerPrivateKey, provider));
    const admin = await signer.getAddress();
    const releaser = getAddress(opts.releaserAddress);
    const reviewWindow = opts.reviewWindowSeconds ?? DEFAULT_REVIEW_WINDOW_SECONDS;

    let tokenAddress: string;
    let firstBlock: number | undefined;
    if (opts.tokenAddress) {
      tokenAddress = getAddress(opts.tokenAddress);
    } else {
      const token = await new CentToken__factory(signer).deploy();
      const receipt = await token.deploymentTransaction()!.wait();
      firstBlock = receipt!.blockNumber;
      tokenAddress = await token.getAddress();
    }

    const escrow = await new TaskEscrow__factory(signer).deploy(tokenAddress, reviewWindow, admin);
    const escrowReceipt = await escrow.deploymentTransaction()!.wait();
    const escrowAddress = await escrow.getAddress();
    firstBlock ??= escrowReceipt!.blockNumber;

    await (await escrow.grantRole(await escrow.RELEASER_ROLE(), releaser)).wait();

    if (chainId === LOCAL_CHAIN_ID && opts.demoMintTo?.length) {
      const token = CentToken__factory.connect(tokenAddress, signer);
      const amount = opts.demoMintAmount ?? DEFAULT_DEMO_MINT_AMOUNT;
      for (const to of opts.demoMintTo) await (await token.mint(getAddress(to), amount)).wait();
    }

    const deployed: Array<[VerifiableContract, string]> = [["TaskEscrow", escrowAddress]];
    if (!opts.tokenAddress) deployed.push(["CentToken", tokenAddress]);
    const deployment: Deployment = {
      chainId,
      token: tokenAddress,
      escrow: escrowAddress,
      deploymentBlock: firstBlock,
      reviewWindow,
      releaser,
      abis: abis(),
      verification: verificationRecord(deployed),
    };
    writeDeployment(deployment, opts.deploymentsDir ?? deploymentsDir());
    return deployment;
  } finally {
    provider.destroy();
  }
}

/** Reuses `deployments/<chainId>.json` when the escrow's code at the recorded address is the current
 *  build's (immutables aside) and the token has code; otherwise calls {@link deployContracts}. When
 *  reusing with a different `releaserAddress`, grants it RELEASER_ROLE (deployer must be the escrow admin). */
export async function ensureDeployed(opts: DeployOptions): Promise<EnsureDeployedResult> {
  const dir = opts.deploymentsDir ?? deploymentsDir();
  const provider = new JsonRpcProvider(opts.rpcUrl, undefined, { staticNetwork: true, pollingInterval: 250 });
  try {
    const chainId = Number((await provider.getNetwork()).chainId);
    const existing = loadDeployment(chainId, dir);
    if (existing) {
      const [escrowCode, tokenCode] = await Promise.all([
        provider.getCode(existing.escrow),
        provider.getCode(existing.token),
      ]);
      if (tokenCode !== "0x" && escrowCode !== "0x" && isCurrentBuild(escrowCode)) {
        const releaser = getAddress(opts.releaserAddress);
        const escrow = TaskEscrow__factory.connect(existing.escrow, provider);
        const role = await escrow.RELEASER_ROLE();
        if (!(await escrow.hasRole(role, releaser))) {
          const signer = new Wallet(opts.deployerPrivateKey, provider);
          await (await escrow.connect(signer).grantRole(role, releaser)).wait();
          existing.releaser = releaser;
        }
        // Refresh the ABIs in case the package was rebuilt; a record made before verification data existed gets
        // it now (the escrow's code is the current build's, checked above).
        const verification = existing.verification ?? verificationRecord([["TaskEscrow", existing.escrow]]);
        const refreshed: Deployment = { ...existing, abis: abis(), verification };
        writeDeployment(refreshed, dir);
        return { ...refreshed, reused: true };
      }
    }
  } finally {
    provider.destroy();
  }
  return { ...(await deployContracts(opts)), reused: false };
}
