import { expect } from "chai";
import { ethers } from "hardhat";
import { ONE, deployEnv, fixture, now, signPermit, type Env } from "./helpers";

describe("CentToken", () => {
  const load = fixture(deployEnv);
  let env: Env;
  beforeEach(async () => {
    env = await load();
  });

  it("is CENT / CENT with 18 decimals", async () => {
    expect(await env.token.name()).to.equal("CENT");
    expect(await env.token.symbol()).to.equal("CENT");
    expect(await env.token.decimals()).to.equal(18);
    expect(await env.token.LOCAL_CHAIN_ID()).to.equal(31337);
  });

  it("mints from the faucet on the local chain (31337)", async () => {
    const { token, stranger, worker } = env;
    await expect(token.connect(stranger).mint(worker.address, ONE))
      .to.emit(token, "Transfer")
      .withArgs(ethers.ZeroAddress, worker.address, ONE);
    expect(await token.balanceOf(worker.address)).to.equal(ONE);
  });

  it("supports ERC-2612 permit", async () => {
    const { token, worker, stranger } = env;
    const deadline = (await now()) + 3600;
    const p = await signPermit(token, worker, stranger.address, 123n, deadline);
    await expect(token.permit(worker.address, stranger.address, 123n, deadline, p.v, p.r, p.s))
      .to.emit(token, "Approval")
      .withArgs(worker.address, stranger.address, 123n);
    expect(await token.nonces(worker.address)).to.equal(1);
    await expect(token.permit(worker.address, stranger.address, 123n, deadline, p.v, p.r, p.s)).to.be.revertedWithCustomError(
      token,
      "ERC2612InvalidSigner",
    );
  });
});
