/**
 * CLI: deploy (or reuse) CentToken + TaskEscrow on the chain at RPC_URL.
 *
 *   node dist/scripts/deploy.js            (after `npm run build -w contracts`)
 *   npx ts-node contracts/scripts/deploy.ts
 *
 * Env:
 *   RPC_URL               default http://127.0.0.1:8545
 *   DEPLOYER_PRIVATE_KEY  required unless chain id is 31337 (then: publicly known dev account #0)
 *   RELEASER_ADDRESS      required unless chain id is 31337 (then: dev account #1)
 *   REVIEW_WINDOW_SECONDS default 604800 (7 days)
 *   TOKEN_ADDRESS         use an existing ERC-20 instead of deploying CentToken
 *   FORCE_REDEPLOY=1      deploy even if deployments/<chainId>.json is live on the chain
 *   DEPLOYMENTS_DIR       where <chainId>.json is kept (default contracts/deployments; the containers share /data/deployments)
 * On 31337 the first five dev accounts get 10,000 demo CENT each.
 */
import { JsonRpcProvider } from "ethers";
import { deployContracts, ensureDeployed, type DeployOptions } from "../src/deploy";
import { DEV_ACCOUNTS, DEV_DEPLOYER, DEV_RELEASER, LOCAL_CHAIN_ID } from "../src/dev-accounts";

async function main(): Promise<void> {
  const rpcUrl = process.env.RPC_URL ?? "http://127.0.0.1:8545";
  const provider = new JsonRpcProvider(rpcUrl, undefined, { staticNetwork: true });
  const chainId = Number((await provider.getNetwork()).chainId);
  provider.destroy();
  const local = chainId === LOCAL_CHAIN_ID;

  const deployerPrivateKey = process.env.DEPLOYER_PRIVATE_KEY ?? (local ? DEV_DEPLOYER.privateKey : undefined);
  const releaserAddress = process.env.RELEASER_ADDRESS ?? (local ? DEV_RELEASER.address : undefined);
  if (!deployerPrivateKey) throw new Error(`DEPLOYER_PRIVATE_KEY is required on chain ${chainId}`);
  if (!releaserAddress) throw new Error(`RELEASER_ADDRESS is required on chain ${chainId}`);

  const opts: DeployOptions = {
    rpcUrl,
    deployerPrivateKey,
    releaserAddress,
    reviewWindowSeconds: process.env.REVIEW_WINDOW_SECONDS ? Number(process.env.REVIEW_WINDOW_SECONDS) : undefined,
    tokenAddress: process.env.TOKEN_ADDRESS || undefined,
    demoMintTo: local ? DEV_ACCOUNTS.map((a) => a.address) : undefined,
    deploymentsDir: process.env.DEPLOYMENTS_DIR || undefined,
  };
  const result =
    process.env.FORCE_REDEPLOY === "1"
      ? { ...(await deployContracts(opts)), reused: false }
      : await ensureDeployed(opts);
  const { abis: _abis, ...summary } = result;
  console.log(JSON.stringify(summary));
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
