/**
 * deployContracts / ensureDeployed / loadDeployment against a real anvil (the chain `npm start` uses),
 * spawned on a random port, writing to a temporary deployments directory.
 */
import { expect } from "chai";
import { spawn, type ChildProcess } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { JsonRpcProvider } from "ethers";
import { CentToken__factory, TaskEscrow__factory } from "../typechain-types";
import { deployContracts, ensureDeployed, loadDeployment } from "../src/deploy";
import { DEV_ACCOUNTS, DEV_DEPLOYER, DEV_RELEASER } from "../src/dev-accounts";
import { anvilBinary } from "../src/anvil-binary";

const ANVIL = anvilBinary();

describe("deploy (plain ethers, against anvil)", function () {
  let anvil: ChildProcess;
  let rpcUrl: string;
  let dir: string;

  before(async function () {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "cent-deploy-"));
    anvil = spawn(ANVIL, ["--port", "0"], { stdio: ["ignore", "pipe", "pipe"] });
    rpcUrl = await new Promise<string>((resolve, reject) => {
      let out = "";
      const timer = setTimeout(() => reject(new Error("anvil did not start: " + out)), 20_000);
      anvil.stdout!.on("data", (b: Buffer) => {
        out += b.toString();
        const m = /Listening on ([\d.]+:\d+)/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(`http://${m[1]}`);
        }
      });
      anvil.on("exit", (code) => reject(new Error(`anvil exited ${code}: ${out}`)));
    });
  });

  after(async () => {
    if (anvil && anvil.exitCode === null && anvil.signalCode === null) {
      const exited = new Promise((r) => anvil.once("exit", r));
      anvil.kill("SIGTERM");
      await exited; // no chain left behind (CI checks)
    }
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("deploys, grants the releaser, mints demo CENT, writes the file, then reuses it", async () => {
    const opts = {
      rpcUrl,
      deployerPrivateKey: DEV_DEPLOYER.privateKey,
      releaserAddress: DEV_RELEASER.address,
      demoMintTo: DEV_ACCOUNTS.map((a) => a.address),
      deploymentsDir: dir,
    };
    const first = await ensureDeployed(opts);
    expect(first.reused).to.equal(false);
    expect(first.chainId).to.equal(31337);
    expect(first.reviewWindow).to.equal(7 * 24 * 3600);
    expect(first.deploymentBlock).to.be.greaterThan(0);

    const file = loadDeployment(31337, dir)!;
    expect(Object.keys(file)).to.deep.equal(["chainId", "token", "escrow", "deploymentBlock", "reviewWindow", "releaser", "abis"]);
    expect(file.escrow).to.equal(first.escrow);
    expect(file.abis.TaskEscrow.some((f) => (f as { name?: string }).name === "RewardReleased")).to.equal(true);

    const provider = new JsonRpcProvider(rpcUrl);
    try {
      const token = CentToken__factory.connect(file.token, provider);
      const escrow = TaskEscrow__factory.connect(file.escrow, provider);
      expect(await escrow.token()).to.equal(file.token);
      expect(await escrow.hasRole(await escrow.RELEASER_ROLE(), DEV_RELEASER.address)).to.equal(true);
      expect(await escrow.hasRole(await escrow.DEFAULT_ADMIN_ROLE(), DEV_DEPLOYER.address)).to.equal(true);
      for (const a of DEV_ACCOUNTS) expect(await token.balanceOf(a.address)).to.equal(10_000n * 10n ** 18n);
      const blockBefore = await provider.getBlockNumber();

      const second = await ensureDeployed(opts);
      expect(second.reused).to.equal(true);
      expect(second.escrow).to.equal(first.escrow);
      expect(second.token).to.equal(first.token);
      expect(await provider.getBlockNumber()).to.equal(blockBefore); // nothing sent

      // An existing token can be reused by a fresh deployment.
      const again = await deployContracts({ ...opts, tokenAddress: file.token, demoMintTo: [] });
      expect(again.token).to.equal(file.token);
      expect(again.escrow).to.not.equal(file.escrow);
      expect(loadDeployment(31337, dir)!.escrow).to.equal(again.escrow);
    } finally {
      provider.destroy();
    }
  });

  it("loadDeployment returns null when there is no file", () => {
    expect(loadDeployment(999_999, dir)).to.equal(null);
  });
});
