/**
 * deployContracts / ensureDeployed / loadDeployment / verifyDeployment against a real anvil (the chain
 * `npm start` uses), spawned on a random port, writing to a temporary deployments directory.
 */
import { expect } from "chai";
import { spawn, spawnSync, type ChildProcess } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { JsonRpcProvider } from "ethers";
import { CentToken__factory, TaskEscrow__factory } from "../typechain-types";
import { deployContracts, ensureDeployed, loadDeployment } from "../src/deploy";
import { verifyDeployment } from "../src/verify-deployment";
import { DEV_ACCOUNTS, DEV_DEPLOYER, DEV_RELEASER } from "../src/dev-accounts";

const ANVIL = path.resolve(__dirname, "..", "..", "node_modules", ".bin", "anvil");

describe("deploy (plain ethers, against anvil)", function () {
  let anvil: ChildProcess;
  let rpcUrl: string;
  let dir: string;

  before(async function () {
    // anvil is a devDependency: a missing binary is a broken install, never a reason to skip these tests.
    if (!fs.existsSync(ANVIL)) throw new Error(`anvil not found at ${ANVIL}: run npm install at the repository root`);
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

  after(() => {
    anvil?.kill("SIGTERM");
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
    expect(Object.keys(file)).to.deep.equal([
      "chainId", "token", "escrow", "deploymentBlock", "reviewWindow", "releaser", "abis", "verification",
    ]);
    const v = file.verification!.contracts.TaskEscrow!;
    expect(v.address).to.equal(file.escrow);
    expect(v.compilerVersion).to.match(/^0\.8\.28\+commit\.[0-9a-f]{8}$/);
    // The settings it was compiled with (coverage compiles without the optimizer), also inside the input.
    expect(v.settings).to.deep.include({ evmVersion: "cancun" });
    expect(v.input.settings).to.deep.include(v.settings);
    expect(Object.keys(v.input.sources)).to.include("contracts/src/TaskEscrow.sol");
    expect(Object.keys(v.input.sources)).to.not.include("contracts/src/CentToken.sol"); // only what TaskEscrow uses
    expect(file.verification!.contracts.CentToken!.address).to.equal(file.token);
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

  it("verify-deployment: match for the real deployment, mismatch for other code at the address (exit 1)", async () => {
    const own = fs.mkdtempSync(path.join(os.tmpdir(), "cent-verify-"));
    const provider = new JsonRpcProvider(rpcUrl);
    try {
      const opts = { rpcUrl, deployerPrivateKey: DEV_DEPLOYER.privateKey, releaserAddress: DEV_RELEASER.address, deploymentsDir: own };
      const d = await deployContracts(opts);
      const before = await verifyDeployment({ rpcUrl, deploymentsDir: own });
      expect(before.map((r) => [r.contract, r.address, r.status])).to.deep.equal([
        ["TaskEscrow", d.escrow, "match"],
        ["CentToken", d.token, "match"],
      ]);

      // Another contract's runtime code at the escrow's address (what a wrong or tampered deployment looks like).
      const tokenCode = await provider.getCode(d.token);
      await provider.send("anvil_setCode", [d.escrow, tokenCode]);
      const after = await verifyDeployment({ rpcUrl, deploymentsDir: own });
      expect(after.map((r) => [r.contract, r.status])).to.deep.equal([["TaskEscrow", "mismatch"], ["CentToken", "match"]]);

      const cli = spawnSync(
        process.execPath,
        ["-r", "ts-node/register/transpile-only", path.join(__dirname, "..", "scripts", "verify-deployment.ts")],
        { env: { ...process.env, RPC_URL: rpcUrl, CENT_DEPLOYMENTS_DIR: own }, encoding: "utf8", timeout: 300_000 },
      );
      expect(cli.stdout).to.match(/TaskEscrow at 0x[0-9a-fA-F]{40} \(chain 31337, solc 0\.8\.28\+commit\.[0-9a-f]+\): mismatch/);
      expect(cli.stdout).to.match(/CentToken at 0x[0-9a-fA-F]{40} \(chain 31337, solc 0\.8\.28\+commit\.[0-9a-f]+\): match/);
      expect(cli.status).to.equal(1);

      // A record whose escrow is no longer the current build is not reused: a fresh escrow is deployed.
      const again = await ensureDeployed(opts);
      expect(again.reused).to.equal(false);
      expect(again.escrow).to.not.equal(d.escrow);
      expect((await verifyDeployment({ rpcUrl, deploymentsDir: own })).every((r) => r.status === "match")).to.equal(true);
    } finally {
      provider.destroy();
      fs.rmSync(own, { recursive: true, force: true });
    }
  });

  it("loadDeployment returns null when there is no file", () => {
    expect(loadDeployment(999_999, dir)).to.equal(null);
  });
});
