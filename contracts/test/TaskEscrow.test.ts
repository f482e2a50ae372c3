import { expect } from "chai";
import { ethers } from "hardhat";
import {
  FeeOnTransferToken__factory,
  PlainToken__factory,
  ReentrantToken__factory,
  TaskEscrow__factory,
} from "../typechain-types";
import {
  DAY,
  ONE,
  REVIEW_WINDOW,
  deployEnv,
  escrowKeyOf,
  fixture,
  now,
  setNextTimestamp,
  signPermit,
  type Env,
} from "./helpers";

const REWARD = 5n * ONE;
const MAX = 3;

describe("TaskEscrow", () => {
  const load = fixture(deployEnv);
  let env: Env;
  let deadline: number;

  beforeEach(async () => {
    env = await load();
    deadline = (await now()) + 10 * DAY;
  });

  /** Funds task `taskId` from the creator and returns its escrow key. */
  async function funded(taskId = 1n, max = MAX, reward = REWARD): Promise<string> {
    await env.escrow.connect(env.creator).fund(taskId, reward, max, deadline);
    return escrowKeyOf(env.creator.address, taskId, reward, max, deadline);
  }

  describe("constructor", () => {
    it("stores token, review window and admin", async () => {
      const { escrow, token, admin, RELEASER_ROLE } = env;
      expect(await escrow.token()).to.equal(await token.getAddress());
      expect(await escrow.reviewWindow()).to.equal(REVIEW_WINDOW);
      expect(await escrow.hasRole(await escrow.DEFAULT_ADMIN_ROLE(), admin.address)).to.equal(true);
      expect(RELEASER_ROLE).to.equal(ethers.id("RELEASER_ROLE"));
    });

    it("reverts ZeroAddress for a zero token or admin", async () => {
      const f = new TaskEscrow__factory(env.admin);
      await expect(f.deploy(ethers.ZeroAddress, REVIEW_WINDOW, env.admin.address)).to.be.revertedWithCustomError(
        env.escrow,
        "ZeroAddress",
      );
      await expect(f.deploy(await env.token.getAddress(), REVIEW_WINDOW, ethers.ZeroAddress)).to.be.revertedWithCustomError(
        env.escrow,
        "ZeroAddress",
      );
    });

    it("lets only the admin grant and revoke RELEASER_ROLE", async () => {
      const { escrow, admin, stranger, RELEASER_ROLE } = env;
      await expect(escrow.connect(stranger).grantRole(RELEASER_ROLE, stranger.address))
        .to.be.revertedWithCustomError(escrow, "AccessControlUnauthorizedAccount")
        .withArgs(stranger.address, await escrow.DEFAULT_ADMIN_ROLE());
      await expect(escrow.connect(admin).grantRole(RELEASER_ROLE, stranger.address))
        .to.emit(escrow, "RoleGranted")
        .withArgs(RELEASER_ROLE, stranger.address, admin.address);
      await expect(escrow.connect(admin).revokeRole(RELEASER_ROLE, stranger.address))
        .to.emit(escrow, "RoleRevoked")
        .withArgs(RELEASER_ROLE, stranger.address, admin.address);
    });
  });

  describe("escrowKey", () => {
    it("is keccak256(abi.encode(funder, taskId, reward, maxCompletions, deadline)) and changes with every field", async () => {
      const { escrow, creator, creator2 } = env;
      const base = [creator.address, 7n, REWARD, 3n, BigInt(deadline)] as const;
      const key = await escrow.escrowKey(...base);
      expect(key).to.equal(escrowKeyOf(...base));
      const variants = [
        escrowKeyOf(creator2.address, 7n, REWARD, 3n, BigInt(deadline)),
        escrowKeyOf(creator.address, 8n, REWARD, 3n, BigInt(deadline)),
        escrowKeyOf(creator.address, 7n, REWARD + 1n, 3n, BigInt(deadline)),
        escrowKeyOf(creator.address, 7n, REWARD, 4n, BigInt(deadline)),
        escrowKeyOf(creator.address, 7n, REWARD, 3n, BigInt(deadline + 1)),
      ];
      expect(new Set([key, ...variants]).size).to.equal(6);
    });

    it("is what fund returns (staticCall)", async () => {
      const { escrow, creator } = env;
      expect(await escrow.connect(creator).fund.staticCall(7, REWARD, MAX, deadline)).to.equal(
        escrowKeyOf(creator.address, 7, REWARD, MAX, deadline),
      );
    });
  });

  describe("fund", () => {
    it("pulls reward * maxCompletions, records the escrow under its key and emits TaskFunded", async () => {
      const { escrow, token, creator, escrowAddr } = env;
      const amount = REWARD * BigInt(MAX);
      const key = escrowKeyOf(creator.address, 7, REWARD, MAX, deadline);
      const tx = escrow.connect(creator).fund(7, REWARD, MAX, deadline);
      await expect(tx)
        .to.emit(escrow, "TaskFunded")
        .withArgs(key, 7, creator.address, REWARD, MAX, deadline, amount);
      await expect(tx).to.changeTokenBalances(token, [creator, escrowAddr], [-amount, amount]);
      const e = await escrow.getEscrow(key);
      expect(e.funder).to.equal(creator.address);
      expect(e.reward).to.equal(REWARD);
      expect(e.maxCompletions).to.equal(MAX);
      expect(e.paidCount).to.equal(0);
      expect(e.deadline).to.equal(deadline);
      expect(e.refunded).to.equal(false);
      expect(e.remaining).to.equal(amount);
      expect(await escrow.remainingOf(key)).to.equal(amount);
      expect(await escrow.refundableAt(key)).to.equal(BigInt(deadline) + BigInt(REVIEW_WINDOW) + 1n);
    });

    it("accepts the maximum uint128 reward with one completion", async () => {
      const { escrow, token, stranger } = env;
      const big = 2n ** 128n - 1n;
      await token.mint(stranger.address, big);
      const key = escrowKeyOf(stranger.address, 1, big, 1, deadline);
      await expect(escrow.connect(stranger).fund(1, big, 1, deadline))
        .to.emit(escrow, "TaskFunded")
        .withArgs(key, 1, stranger.address, big, 1, deadline, big);
      expect(await escrow.remainingOf(key)).to.equal(big);
    });

    it("reverts ZeroReward", async () => {
      await expect(env.escrow.connect(env.creator).fund(1, 0, MAX, deadline))
        .to.be.revertedWithCustomError(env.escrow, "ZeroReward")
        .withArgs(1);
    });

    it("reverts ZeroMaxCompletions", async () => {
      await expect(env.escrow.connect(env.creator).fund(1, REWARD, 0, deadline))
        .to.be.revertedWithCustomError(env.escrow, "ZeroMaxCompletions")
        .withArgs(1);
    });

    it("reverts DeadlineNotInFuture for a past deadline and for a deadline equal to the block time", async () => {
      const t = (await now()) + 100;
      await setNextTimestamp(t);
      await expect(env.escrow.connect(env.creator).fund(1, REWARD, MAX, t))
        .to.be.revertedWithCustomError(env.escrow, "DeadlineNotInFuture")
        .withArgs(1, t, t);
      await setNextTimestamp(t + 10);
      await expect(env.escrow.connect(env.creator).fund(1, REWARD, MAX, t - 1))
        .to.be.revertedWithCustomError(env.escrow, "DeadlineNotInFuture")
        .withArgs(1, t - 1, t + 10);
    });

    it("reverts EscrowAlreadyFunded when the same funder funds the same terms twice", async () => {
      const key = await funded(1n);
      await expect(env.escrow.connect(env.creator).fund(1, REWARD, MAX, deadline))
        .to.be.revertedWithCustomError(env.escrow, "EscrowAlreadyFunded")
        .withArgs(key);
    });

    it("lets another wallet or other terms fund the same task id: each is its own escrow", async () => {
      const { escrow, creator, creator2 } = env;
      const key = await funded(1n);
      await escrow.connect(creator2).fund(1, REWARD, MAX, deadline);
      await escrow.connect(creator).fund(1, REWARD, MAX + 1, deadline);
      const other = escrowKeyOf(creator2.address, 1, REWARD, MAX, deadline);
      const moreMax = escrowKeyOf(creator.address, 1, REWARD, MAX + 1, deadline);
      expect((await escrow.getEscrow(key)).funder).to.equal(creator.address);
      expect((await escrow.getEscrow(other)).funder).to.equal(creator2.address);
      expect((await escrow.getEscrow(moreMax)).maxCompletions).to.equal(MAX + 1);
      expect(await escrow.remainingOf(key)).to.equal(REWARD * BigInt(MAX));
    });

    it("bubbles the token's error when the allowance is insufficient", async () => {
      const { escrow, token, worker, escrowAddr } = env;
      await token.mint(worker.address, 100n * ONE);
      await expect(escrow.connect(worker).fund(1, REWARD, MAX, deadline))
        .to.be.revertedWithCustomError(token, "ERC20InsufficientAllowance")
        .withArgs(escrowAddr, 0, REWARD * BigInt(MAX));
    });

    it("works with a plain ERC-20 without permit (approve + fund)", async () => {
      const { admin, creator, worker } = env;
      const plain = await new PlainToken__factory(admin).deploy();
      const escrow = await new TaskEscrow__factory(admin).deploy(await plain.getAddress(), REVIEW_WINDOW, admin.address);
      await escrow.grantRole(await escrow.RELEASER_ROLE(), env.releaser.address);
      await plain.mint(creator.address, 100n * ONE);
      await plain.connect(creator).approve(await escrow.getAddress(), REWARD * 2n);
      const key = escrowKeyOf(creator.address, 1, REWARD, 2, deadline);
      await expect(escrow.connect(creator).fund(1, REWARD, 2, deadline))
        .to.emit(escrow, "TaskFunded")
        .withArgs(key, 1, creator.address, REWARD, 2, deadline, REWARD * 2n);
      await expect(escrow.connect(env.releaser).release(key, 1, worker.address)).to.changeTokenBalance(
        plain,
        worker,
        REWARD,
      );
      expect(await plain.balanceOf(await escrow.getAddress())).to.equal(REWARD);
    });

    it("refuses a fee-on-transfer token with TransferAmountMismatch", async () => {
      const { admin, creator } = env;
      const fee = await new FeeOnTransferToken__factory(admin).deploy();
      const escrow = await new TaskEscrow__factory(admin).deploy(await fee.getAddress(), REVIEW_WINDOW, admin.address);
      await fee.mint(creator.address, 100n * ONE);
      await fee.connect(creator).approve(await escrow.getAddress(), ethers.MaxUint256);
      const amount = REWARD * BigInt(MAX);
      const key = escrowKeyOf(creator.address, 1, REWARD, MAX, deadline);
      await expect(escrow.connect(creator).fund(1, REWARD, MAX, deadline))
        .to.be.revertedWithCustomError(escrow, "TransferAmountMismatch")
        .withArgs(key, amount, amount - amount / 100n);
      expect((await escrow.getEscrow(key)).reward).to.equal(0);
    });
  });

  describe("fundWithPermit", () => {
    const amount = REWARD * BigInt(MAX);

    it("funds in one transaction from a permit, without a prior approval", async () => {
      const { escrow, token, worker, escrowAddr } = env;
      await token.mint(worker.address, amount);
      const p = await signPermit(env.token, worker, escrowAddr, amount, deadline);
      const key = escrowKeyOf(worker.address, 9, REWARD, MAX, deadline);
      const tx = escrow.connect(worker).fundWithPermit(9, REWARD, MAX, deadline, deadline, p.v, p.r, p.s);
      await expect(tx)
        .to.emit(escrow, "TaskFunded")
        .withArgs(key, 9, worker.address, REWARD, MAX, deadline, amount);
      await expect(tx).to.changeTokenBalances(token, [worker, escrowAddr], [-amount, amount]);
      expect(await token.allowance(worker.address, escrowAddr)).to.equal(0);
      expect(await token.nonces(worker.address)).to.equal(1);
      expect((await escrow.getEscrow(key)).funder).to.equal(worker.address);
    });

    it("returns the key (staticCall)", async () => {
      const { escrow, token, worker, escrowAddr } = env;
      await token.mint(worker.address, amount);
      const p = await signPermit(env.token, worker, escrowAddr, amount, deadline);
      expect(
        await escrow.connect(worker).fundWithPermit.staticCall(9, REWARD, MAX, deadline, deadline, p.v, p.r, p.s),
      ).to.equal(escrowKeyOf(worker.address, 9, REWARD, MAX, deadline));
    });

    it("reverts PermitFailed when the permit is invalid and the allowance is short", async () => {
      const { escrow, token, worker, escrowAddr } = env;
      await token.mint(worker.address, amount);
      const p = await signPermit(token, worker, escrowAddr, amount - 1n, deadline); // signed for a different value
      await expect(escrow.connect(worker).fundWithPermit(9, REWARD, MAX, deadline, deadline, p.v, p.r, p.s))
        .to.be.revertedWithCustomError(escrow, "PermitFailed")
        .withArgs(worker.address, amount, 0);
    });

    it("reverts PermitFailed for an expired permit", async () => {
      const { escrow, token, worker, escrowAddr } = env;
      await token.mint(worker.address, amount);
      const expired = (await now()) - 1;
      const p = await signPermit(token, worker, escrowAddr, amount, expired);
      await expect(escrow.connect(worker).fundWithPermit(9, REWARD, MAX, deadline, expired, p.v, p.r, p.s))
        .to.be.revertedWithCustomError(escrow, "PermitFailed")
        .withArgs(worker.address, amount, 0);
    });

    it("applies the fund checks (e.g. EscrowAlreadyFunded)", async () => {
      const { escrow, token, worker, escrowAddr } = env;
      await token.mint(worker.address, 2n * amount);
      await token.connect(worker).approve(escrowAddr, amount);
      await escrow.connect(worker).fund(9, REWARD, MAX, deadline);
      const p = await signPermit(token, worker, escrowAddr, amount, deadline);
      await expect(escrow.connect(worker).fundWithPermit(9, REWARD, MAX, deadline, deadline, p.v, p.r, p.s))
        .to.be.revertedWithCustomError(escrow, "EscrowAlreadyFunded")
        .withArgs(escrowKeyOf(worker.address, 9, REWARD, MAX, deadline));
    });

    it("with a token without permit: works after approve, PermitFailed without", async () => {
      const { admin, creator } = env;
      const plain = await new PlainToken__factory(admin).deploy();
      const escrow = await new TaskEscrow__factory(admin).deploy(await plain.getAddress(), REVIEW_WINDOW, admin.address);
      await plain.mint(creator.address, 100n * ONE);
      const zero = ethers.ZeroHash;
      await expect(escrow.connect(creator).fundWithPermit(1, REWARD, MAX, deadline, deadline, 27, zero, zero))
        .to.be.revertedWithCustomError(escrow, "PermitFailed")
        .withArgs(creator.address, amount, 0);
      await plain.connect(creator).approve(await escrow.getAddress(), amount);
      await expect(escrow.connect(creator).fundWithPermit(1, REWARD, MAX, deadline, deadline, 27, zero, zero))
        .to.emit(escrow, "TaskFunded")
        .withArgs(escrowKeyOf(creator.address, 1, REWARD, MAX, deadline), 1, creator.address, REWARD, MAX, deadline, amount);
    });
  });

  describe("release", () => {
    let key: string;
    beforeEach(async () => {
      key = await funded(1n);
    });

    it("pays the reward when called by a RELEASER_ROLE holder and marks the id paid for this key only", async () => {
      const { escrow, token, releaser, worker, escrowAddr } = env;
      const tx = escrow.connect(releaser).release(key, 42, worker.address);
      await expect(tx).to.emit(escrow, "RewardReleased").withArgs(key, 42, worker.address, REWARD);
      await expect(tx).to.changeTokenBalances(token, [escrowAddr, worker], [-REWARD, REWARD]);
      const e = await escrow.getEscrow(key);
      expect(e.paidCount).to.equal(1);
      expect(e.remaining).to.equal(REWARD * BigInt(MAX - 1));
      expect(await escrow.isPaid(key, 42)).to.equal(true);
      expect(await escrow.isPaid(key, 41)).to.equal(false);
      expect(await escrow.isPaid(key, 43)).to.equal(false);
      expect(await escrow.isPaid(ethers.ZeroHash, 42)).to.equal(false);
    });

    it("pays until deadline + reviewWindow inclusive", async () => {
      const { escrow, releaser, worker } = env;
      await setNextTimestamp(deadline + REVIEW_WINDOW);
      await expect(escrow.connect(releaser).release(key, 1, worker.address)).to.emit(escrow, "RewardReleased");
    });

    it("reverts ReleaseWindowClosed from deadline + reviewWindow + 1 on (when the refund opens)", async () => {
      const { escrow, releaser, worker } = env;
      const until = deadline + REVIEW_WINDOW;
      await setNextTimestamp(until + 1);
      await expect(escrow.connect(releaser).release(key, 1, worker.address))
        .to.be.revertedWithCustomError(escrow, "ReleaseWindowClosed")
        .withArgs(key, until, until + 1);
    });

    it("handles the largest submission id (bitmap edge)", async () => {
      const { escrow, releaser, worker } = env;
      const id = ethers.MaxUint256;
      await escrow.connect(releaser).release(key, id, worker.address);
      expect(await escrow.isPaid(key, id)).to.equal(true);
      expect(await escrow.isPaid(key, id - 1n)).to.equal(false);
    });

    it("reverts EscrowNotFunded for an unknown key", async () => {
      const unknown = escrowKeyOf(env.creator.address, 2, REWARD, MAX, deadline);
      await expect(env.escrow.connect(env.releaser).release(unknown, 1, env.worker.address))
        .to.be.revertedWithCustomError(env.escrow, "EscrowNotFunded")
        .withArgs(unknown);
    });

    it("reverts AccessControlUnauthorizedAccount for the funder, strangers and revoked releasers", async () => {
      const { escrow, stranger, creator, releaser, admin, worker, RELEASER_ROLE } = env;
      for (const s of [creator, stranger, admin]) {
        await expect(escrow.connect(s).release(key, 1, worker.address))
          .to.be.revertedWithCustomError(escrow, "AccessControlUnauthorizedAccount")
          .withArgs(s.address, RELEASER_ROLE);
      }
      await escrow.connect(admin).revokeRole(RELEASER_ROLE, releaser.address);
      await expect(escrow.connect(releaser).release(key, 1, worker.address))
        .to.be.revertedWithCustomError(escrow, "AccessControlUnauthorizedAccount")
        .withArgs(releaser.address, RELEASER_ROLE);
    });

    it("reverts ZeroRecipient", async () => {
      await expect(env.escrow.connect(env.releaser).release(key, 5, ethers.ZeroAddress))
        .to.be.revertedWithCustomError(env.escrow, "ZeroRecipient")
        .withArgs(key, 5);
    });

    it("reverts SubmissionAlreadyPaid within a key; another key pays the same id independently", async () => {
      const { escrow, releaser, creator2, worker, worker2 } = env;
      await escrow.connect(releaser).release(key, 5, worker.address);
      await expect(escrow.connect(releaser).release(key, 5, worker2.address))
        .to.be.revertedWithCustomError(escrow, "SubmissionAlreadyPaid")
        .withArgs(key, 5);
      await escrow.connect(creator2).fund(2, REWARD, 1, deadline);
      const key2 = escrowKeyOf(creator2.address, 2, REWARD, 1, deadline);
      await expect(escrow.connect(releaser).release(key2, 5, worker2.address))
        .to.emit(escrow, "RewardReleased")
        .withArgs(key2, 5, worker2.address, REWARD);
    });

    it("reverts MaxCompletionsExceeded once maxCompletions were paid (never more than the balance)", async () => {
      const { escrow, releaser, worker } = env;
      for (let i = 0; i < MAX; i++) await escrow.connect(releaser).release(key, 100 + i, worker.address);
      expect(await escrow.remainingOf(key)).to.equal(0);
      await expect(escrow.connect(releaser).release(key, 200, worker.address))
        .to.be.revertedWithCustomError(escrow, "MaxCompletionsExceeded")
        .withArgs(key, MAX, 1, MAX);
    });

    it("cannot pay after a refund (the window is closed by then)", async () => {
      const { escrow, creator, releaser, worker } = env;
      await setNextTimestamp(deadline + REVIEW_WINDOW + 1);
      await escrow.connect(creator).refund(key);
      await expect(escrow.connect(releaser).release(key, 1, worker.address)).to.be.revertedWithCustomError(
        escrow,
        "ReleaseWindowClosed",
      );
    });
  });

  describe("releaseBatch", () => {
    let key: string;
    beforeEach(async () => {
      key = await funded(1n, 10);
    });

    it("pays every submission, one event each, paid count written once", async () => {
      const { escrow, token, releaser, worker, worker2, stranger, escrowAddr } = env;
      // Crosses bitmap words and comes back to an earlier one: 254, 255 | 256, 257 | 3 | 300
      const ids = [254, 255, 256, 257, 3, 300];
      const to = [worker.address, worker2.address, stranger.address, worker.address, worker2.address, worker.address];
      const tx = escrow.connect(releaser).releaseBatch(key, ids, to);
      for (let i = 0; i < ids.length; i++) {
        await expect(tx).to.emit(escrow, "RewardReleased").withArgs(key, ids[i], to[i], REWARD);
      }
      await expect(tx).to.changeTokenBalances(
        token,
        [escrowAddr, worker, worker2, stranger],
        [-6n * REWARD, 3n * REWARD, 2n * REWARD, REWARD],
      );
      const e = await escrow.getEscrow(key);
      expect(e.paidCount).to.equal(6);
      expect(e.remaining).to.equal(4n * REWARD);
      for (const id of ids) expect(await escrow.isPaid(key, id)).to.equal(true);
      for (const id of [2, 4, 253, 258, 299, 301]) expect(await escrow.isPaid(key, id)).to.equal(false);
    });

    it("accepts a batch that pays exactly up to maxCompletions", async () => {
      const { escrow, releaser, worker } = env;
      const ids = Array.from({ length: 10 }, (_, i) => i);
      await expect(escrow.connect(releaser).releaseBatch(key, ids, ids.map(() => worker.address)))
        .to.emit(escrow, "RewardReleased")
        .withArgs(key, 9, worker.address, REWARD);
      expect(await escrow.remainingOf(key)).to.equal(0);
    });

    it("reverts EmptyBatch", async () => {
      await expect(env.escrow.connect(env.releaser).releaseBatch(key, [], []))
        .to.be.revertedWithCustomError(env.escrow, "EmptyBatch")
        .withArgs(key);
    });

    it("reverts LengthMismatch", async () => {
      await expect(env.escrow.connect(env.releaser).releaseBatch(key, [1, 2], [env.worker.address]))
        .to.be.revertedWithCustomError(env.escrow, "LengthMismatch")
        .withArgs(2, 1);
    });

    it("reverts EscrowNotFunded", async () => {
      await expect(env.escrow.connect(env.releaser).releaseBatch(ethers.ZeroHash, [1], [env.worker.address]))
        .to.be.revertedWithCustomError(env.escrow, "EscrowNotFunded")
        .withArgs(ethers.ZeroHash);
    });

    it("reverts AccessControlUnauthorizedAccount for the funder and strangers", async () => {
      for (const s of [env.creator, env.stranger]) {
        await expect(env.escrow.connect(s).releaseBatch(key, [1], [env.worker.address]))
          .to.be.revertedWithCustomError(env.escrow, "AccessControlUnauthorizedAccount")
          .withArgs(s.address, env.RELEASER_ROLE);
      }
    });

    it("reverts ReleaseWindowClosed after deadline + reviewWindow", async () => {
      await setNextTimestamp(deadline + REVIEW_WINDOW + 1);
      await expect(env.escrow.connect(env.releaser).releaseBatch(key, [1], [env.worker.address]))
        .to.be.revertedWithCustomError(env.escrow, "ReleaseWindowClosed")
        .withArgs(key, deadline + REVIEW_WINDOW, deadline + REVIEW_WINDOW + 1);
    });

    it("reverts MaxCompletionsExceeded with the paid count and the batch size", async () => {
      const { escrow, releaser, worker } = env;
      await escrow.connect(releaser).releaseBatch(key, [1, 2, 3], Array(3).fill(worker.address));
      const ids = Array.from({ length: 8 }, (_, i) => 10 + i);
      await expect(escrow.connect(releaser).releaseBatch(key, ids, ids.map(() => worker.address)))
        .to.be.revertedWithCustomError(escrow, "MaxCompletionsExceeded")
        .withArgs(key, 3, 8, 10);
    });

    it("reverts ZeroRecipient naming the submission", async () => {
      await expect(env.escrow.connect(env.releaser).releaseBatch(key, [1, 2], [env.worker.address, ethers.ZeroAddress]))
        .to.be.revertedWithCustomError(env.escrow, "ZeroRecipient")
        .withArgs(key, 2);
    });

    it("reverts SubmissionAlreadyPaid for an id paid before, and for duplicates inside the batch", async () => {
      const { escrow, releaser, worker } = env;
      const w = worker.address;
      await escrow.connect(releaser).release(key, 7, w);
      await expect(escrow.connect(releaser).releaseBatch(key, [6, 7], [w, w]))
        .to.be.revertedWithCustomError(escrow, "SubmissionAlreadyPaid")
        .withArgs(key, 7);
      await expect(escrow.connect(releaser).releaseBatch(key, [8, 8], [w, w]))
        .to.be.revertedWithCustomError(escrow, "SubmissionAlreadyPaid")
        .withArgs(key, 8);
      // A, B, A with A and B in different bitmap words
      await expect(escrow.connect(releaser).releaseBatch(key, [9, 600, 9], [w, w, w]))
        .to.be.revertedWithCustomError(escrow, "SubmissionAlreadyPaid")
        .withArgs(key, 9);
      // nothing of the failed batches stuck
      for (const id of [6, 8, 9, 600]) expect(await escrow.isPaid(key, id)).to.equal(false);
      expect((await escrow.getEscrow(key)).paidCount).to.equal(1);
    });
  });

  describe("refund", () => {
    let key: string;
    beforeEach(async () => {
      key = await funded(1n);
    });

    it("returns the remaining balance after deadline + reviewWindow and closes the escrow", async () => {
      const { escrow, token, creator, releaser, worker, escrowAddr } = env;
      await escrow.connect(releaser).release(key, 1, worker.address);
      const remaining = REWARD * BigInt(MAX - 1);
      await setNextTimestamp(deadline + REVIEW_WINDOW + 1);
      const tx = escrow.connect(creator).refund(key);
      await expect(tx).to.emit(escrow, "TaskRefunded").withArgs(key, creator.address, remaining);
      await expect(tx).to.changeTokenBalances(token, [escrowAddr, creator], [-remaining, remaining]);
      const e = await escrow.getEscrow(key);
      expect(e.refunded).to.equal(true);
      expect(e.remaining).to.equal(0);
      expect(e.paidCount).to.equal(1);
      expect(await escrow.remainingOf(key)).to.equal(0);
    });

    it("reverts RefundNotYetAvailable up to and including deadline + reviewWindow", async () => {
      const { escrow, creator } = env;
      const at = BigInt(deadline + REVIEW_WINDOW + 1);
      await expect(escrow.connect(creator).refund(key)).to.be.revertedWithCustomError(escrow, "RefundNotYetAvailable");
      await setNextTimestamp(deadline + REVIEW_WINDOW);
      await expect(escrow.connect(creator).refund(key))
        .to.be.revertedWithCustomError(escrow, "RefundNotYetAvailable")
        .withArgs(key, at, deadline + REVIEW_WINDOW);
      expect(await escrow.refundableAt(key)).to.equal(at);
    });

    it("reverts EscrowNotFunded", async () => {
      await expect(env.escrow.connect(env.creator).refund(ethers.ZeroHash))
        .to.be.revertedWithCustomError(env.escrow, "EscrowNotFunded")
        .withArgs(ethers.ZeroHash);
    });

    it("reverts NotFunder for the releaser, the admin and strangers", async () => {
      const { escrow, releaser, admin, stranger } = env;
      await setNextTimestamp(deadline + REVIEW_WINDOW + 1);
      for (const s of [releaser, admin, stranger]) {
        await expect(escrow.connect(s).refund(key)).to.be.revertedWithCustomError(escrow, "NotFunder").withArgs(key, s.address);
      }
    });

    it("reverts EscrowAlreadyRefunded on a second refund", async () => {
      await setNextTimestamp(deadline + REVIEW_WINDOW + 1);
      await env.escrow.connect(env.creator).refund(key);
      await expect(env.escrow.connect(env.creator).refund(key))
        .to.be.revertedWithCustomError(env.escrow, "EscrowAlreadyRefunded")
        .withArgs(key);
    });

    it("reverts NothingToRefund when every completion was paid", async () => {
      const { escrow, creator, releaser, worker } = env;
      await escrow.connect(releaser).releaseBatch(key, [1, 2, 3], Array(3).fill(worker.address));
      await setNextTimestamp(deadline + REVIEW_WINDOW + 1);
      await expect(escrow.connect(creator).refund(key)).to.be.revertedWithCustomError(escrow, "NothingToRefund").withArgs(key);
    });
  });

  describe("views", () => {
    it("return zeros for an unfunded key and unpaid ids", async () => {
      const { escrow } = env;
      const k = ethers.id("nothing");
      const e = await escrow.getEscrow(k);
      expect(e.funder).to.equal(ethers.ZeroAddress);
      expect(e.reward).to.equal(0);
      expect(e.remaining).to.equal(0);
      expect(await escrow.remainingOf(k)).to.equal(0);
      expect(await escrow.refundableAt(k)).to.equal(0);
      expect(await escrow.isPaid(k, 0)).to.equal(false);
    });
  });

  describe("reentrancy (malicious token)", () => {
    // Each case re-enters the SAME function it was called through (so every nonReentrant guard is hit).
    it("blocks re-entry into every state-changing function", async () => {
      const { admin, creator, releaser, worker } = env;
      const evil = await new ReentrantToken__factory(admin).deploy();
      const escrow = await new TaskEscrow__factory(admin).deploy(await evil.getAddress(), 0, admin.address);
      await escrow.grantRole(await escrow.RELEASER_ROLE(), releaser.address);
      const escrowAddr = await escrow.getAddress();
      const iface = escrow.interface;
      await evil.mint(creator.address, 1000n * ONE);
      await evil.connect(creator).approve(escrowAddr, ethers.MaxUint256);
      // a clean escrow to release from / refund
      await escrow.connect(creator).fund(1, REWARD, 5, deadline);
      const key = escrowKeyOf(creator.address, 1, REWARD, 5, deadline);

      const zero = ethers.ZeroHash;
      const cases: Array<[string, () => Promise<unknown>, string]> = [
        ["fund", () => escrow.connect(creator).fund(2, REWARD, 1, deadline), iface.encodeFunctionData("fund", [3, REWARD, 1, deadline])],
        [
          "fundWithPermit",
          () => escrow.connect(creator).fundWithPermit(2, REWARD, 1, deadline, deadline, 27, zero, zero),
          iface.encodeFunctionData("fundWithPermit", [3, REWARD, 1, deadline, deadline, 27, zero, zero]),
        ],
        [
          "release",
          () => escrow.connect(releaser).release(key, 1, worker.address),
          iface.encodeFunctionData("release", [key, 2, worker.address]),
        ],
        [
          "releaseBatch",
          () => escrow.connect(releaser).releaseBatch(key, [1], [worker.address]),
          iface.encodeFunctionData("releaseBatch", [key, [2], [worker.address]]),
        ],
      ];
      for (const [, call, data] of cases) {
        await evil.arm(escrowAddr, data);
        await expect(call()).to.be.revertedWithCustomError(escrow, "ReentrancyGuardReentrantCall");
      }
      await setNextTimestamp(deadline + 1);
      await evil.arm(escrowAddr, iface.encodeFunctionData("refund", [key]));
      await expect(escrow.connect(creator).refund(key)).to.be.revertedWithCustomError(escrow, "ReentrancyGuardReentrantCall");
      // nothing moved
      expect(await evil.balanceOf(escrowAddr)).to.equal(REWARD * 5n);
      expect((await escrow.getEscrow(key)).paidCount).to.equal(0);
    });
  });
});
