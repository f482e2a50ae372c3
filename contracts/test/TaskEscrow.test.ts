import { expect } from "chai";
import { ethers } from "hardhat";
import {
  FeeOnTransferToken__factory,
  PlainToken__factory,
  ReentrantToken__factory,
  TaskEscrow__factory,
} from "../typechain-types";
import { DAY, ONE, REVIEW_WINDOW, deployEnv, fixture, now, setNextTimestamp, signPermit, type Env } from "./helpers";

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

  async function funded(taskId = 1n, max = MAX, reward = REWARD): Promise<void> {
    await env.escrow.connect(env.creator).fund(taskId, reward, max, deadline);
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

  describe("fund", () => {
    it("pulls reward * maxCompletions, records the task and emits TaskFunded", async () => {
      const { escrow, token, creator, escrowAddr } = env;
      const amount = REWARD * BigInt(MAX);
      const tx = escrow.connect(creator).fund(7, REWARD, MAX, deadline);
      await expect(tx).to.emit(escrow, "TaskFunded").withArgs(7, creator.address, REWARD, MAX, deadline, amount);
      await expect(tx).to.changeTokenBalances(token, [creator, escrowAddr], [-amount, amount]);
      const t = await escrow.getTask(7);
      expect(t.creator).to.equal(creator.address);
      expect(t.reward).to.equal(REWARD);
      expect(t.maxCompletions).to.equal(MAX);
      expect(t.paidCount).to.equal(0);
      expect(t.deadline).to.equal(deadline);
      expect(t.refunded).to.equal(false);
      expect(t.remaining).to.equal(amount);
      expect(await escrow.remainingOf(7)).to.equal(amount);
      expect(await escrow.refundableAt(7)).to.equal(BigInt(deadline) + BigInt(REVIEW_WINDOW) + 1n);
    });

    it("accepts the maximum uint128 reward with one completion", async () => {
      const { escrow, token, stranger } = env;
      const big = 2n ** 128n - 1n;
      await token.mint(stranger.address, big);
      await expect(escrow.connect(stranger).fund(1, big, 1, deadline))
        .to.emit(escrow, "TaskFunded")
        .withArgs(1, stranger.address, big, 1, deadline, big);
      expect(await escrow.remainingOf(1)).to.equal(big);
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

    it("reverts TaskAlreadyFunded, for the creator and for anyone else", async () => {
      await funded(1n);
      await expect(env.escrow.connect(env.creator).fund(1, REWARD, MAX, deadline))
        .to.be.revertedWithCustomError(env.escrow, "TaskAlreadyFunded")
        .withArgs(1, env.creator.address);
      await expect(env.escrow.connect(env.creator2).fund(1, 1, 1, deadline))
        .to.be.revertedWithCustomError(env.escrow, "TaskAlreadyFunded")
        .withArgs(1, env.creator.address);
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
      await plain.mint(creator.address, 100n * ONE);
      await plain.connect(creator).approve(await escrow.getAddress(), REWARD * 2n);
      await expect(escrow.connect(creator).fund(1, REWARD, 2, deadline))
        .to.emit(escrow, "TaskFunded")
        .withArgs(1, creator.address, REWARD, 2, deadline, REWARD * 2n);
      await expect(escrow.connect(creator).release(1, 1, worker.address)).to.changeTokenBalance(plain, worker, REWARD);
      expect(await plain.balanceOf(await escrow.getAddress())).to.equal(REWARD);
    });

    it("refuses a fee-on-transfer token with TransferAmountMismatch", async () => {
      const { admin, creator } = env;
      const fee = await new FeeOnTransferToken__factory(admin).deploy();
      const escrow = await new TaskEscrow__factory(admin).deploy(await fee.getAddress(), REVIEW_WINDOW, admin.address);
      await fee.mint(creator.address, 100n * ONE);
      await fee.connect(creator).approve(await escrow.getAddress(), ethers.MaxUint256);
      const amount = REWARD * BigInt(MAX);
      await expect(escrow.connect(creator).fund(1, REWARD, MAX, deadline))
        .to.be.revertedWithCustomError(escrow, "TransferAmountMismatch")
        .withArgs(1, amount, amount - amount / 100n);
      expect((await escrow.getTask(1)).creator).to.equal(ethers.ZeroAddress);
    });
  });

  describe("fundWithPermit", () => {
    const amount = REWARD * BigInt(MAX);

    it("funds in one transaction from a permit, without a prior approval", async () => {
      const { escrow, token, worker, escrowAddr } = env;
      await token.mint(worker.address, amount);
      const p = await signPermit(env.token, worker, escrowAddr, amount, deadline);
      const tx = escrow.connect(worker).fundWithPermit(9, REWARD, MAX, deadline, deadline, p.v, p.r, p.s);
      await expect(tx).to.emit(escrow, "TaskFunded").withArgs(9, worker.address, REWARD, MAX, deadline, amount);
      await expect(tx).to.changeTokenBalances(token, [worker, escrowAddr], [-amount, amount]);
      expect(await token.allowance(worker.address, escrowAddr)).to.equal(0);
      expect(await token.nonces(worker.address)).to.equal(1);
      expect((await escrow.getTask(9)).creator).to.equal(worker.address);
    });

    it("tolerates a front-run permit when the allowance already suffices", async () => {
      const { escrow, token, worker, stranger, escrowAddr } = env;
      await token.mint(worker.address, amount);
      const p = await signPermit(token, worker, escrowAddr, amount, deadline);
      await token.connect(stranger).permit(worker.address, escrowAddr, amount, deadline, p.v, p.r, p.s);
      await expect(escrow.connect(worker).fundWithPermit(9, REWARD, MAX, deadline, deadline, p.v, p.r, p.s))
        .to.emit(escrow, "TaskFunded")
        .withArgs(9, worker.address, REWARD, MAX, deadline, amount);
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

    it("applies the fund checks (e.g. TaskAlreadyFunded)", async () => {
      const { escrow, token, worker, creator, escrowAddr } = env;
      await funded(9n);
      await token.mint(worker.address, amount);
      const p = await signPermit(token, worker, escrowAddr, amount, deadline);
      await expect(escrow.connect(worker).fundWithPermit(9, REWARD, MAX, deadline, deadline, p.v, p.r, p.s))
        .to.be.revertedWithCustomError(escrow, "TaskAlreadyFunded")
        .withArgs(9, creator.address);
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
        .withArgs(1, creator.address, REWARD, MAX, deadline, amount);
    });
  });

  describe("release", () => {
    beforeEach(async () => funded(1n));

    it("pays the reward when called by the creator", async () => {
      const { escrow, token, creator, worker, escrowAddr } = env;
      const tx = escrow.connect(creator).release(1, 42, worker.address);
      await expect(tx).to.emit(escrow, "RewardReleased").withArgs(1, 42, worker.address, REWARD, creator.address);
      await expect(tx).to.changeTokenBalances(token, [escrowAddr, worker], [-REWARD, REWARD]);
      const t = await escrow.getTask(1);
      expect(t.paidCount).to.equal(1);
      expect(t.remaining).to.equal(REWARD * BigInt(MAX - 1));
      expect(await escrow.isPaid(42)).to.equal(true);
      expect(await escrow.isPaid(41)).to.equal(false);
      expect(await escrow.isPaid(43)).to.equal(false);
    });

    it("pays the reward when called by a RELEASER_ROLE holder", async () => {
      const { escrow, token, releaser, worker } = env;
      await expect(escrow.connect(releaser).release(1, 0, worker.address))
        .to.emit(escrow, "RewardReleased")
        .withArgs(1, 0, worker.address, REWARD, releaser.address)
        .and.to.emit(token, "Transfer")
        .withArgs(env.escrowAddr, worker.address, REWARD);
    });

    it("still pays after the deadline, during the review window and until refunded", async () => {
      const { escrow, releaser, worker } = env;
      await setNextTimestamp(deadline + REVIEW_WINDOW + 100);
      await expect(escrow.connect(releaser).release(1, 1, worker.address)).to.emit(escrow, "RewardReleased");
    });

    it("handles the largest submission id (bitmap edge)", async () => {
      const { escrow, releaser, worker } = env;
      const id = ethers.MaxUint256;
      await escrow.connect(releaser).release(1, id, worker.address);
      expect(await escrow.isPaid(id)).to.equal(true);
      expect(await escrow.isPaid(id - 1n)).to.equal(false);
    });

    it("reverts TaskNotFunded", async () => {
      await expect(env.escrow.connect(env.releaser).release(2, 1, env.worker.address))
        .to.be.revertedWithCustomError(env.escrow, "TaskNotFunded")
        .withArgs(2);
    });

    it("reverts NotCreatorOrReleaser for strangers, other creators and revoked releasers", async () => {
      const { escrow, stranger, creator2, releaser, admin, worker, RELEASER_ROLE } = env;
      await expect(escrow.connect(stranger).release(1, 1, worker.address))
        .to.be.revertedWithCustomError(escrow, "NotCreatorOrReleaser")
        .withArgs(1, stranger.address);
      await escrow.connect(creator2).fund(2, REWARD, 1, deadline);
      await expect(escrow.connect(creator2).release(1, 1, worker.address))
        .to.be.revertedWithCustomError(escrow, "NotCreatorOrReleaser")
        .withArgs(1, creator2.address);
      await escrow.connect(admin).revokeRole(RELEASER_ROLE, releaser.address);
      await expect(escrow.connect(releaser).release(1, 1, worker.address))
        .to.be.revertedWithCustomError(escrow, "NotCreatorOrReleaser")
        .withArgs(1, releaser.address);
    });

    it("reverts ZeroRecipient", async () => {
      await expect(env.escrow.connect(env.releaser).release(1, 5, ethers.ZeroAddress))
        .to.be.revertedWithCustomError(env.escrow, "ZeroRecipient")
        .withArgs(1, 5);
    });

    it("reverts SubmissionAlreadyPaid, also across tasks (ids are global)", async () => {
      const { escrow, releaser, creator2, worker, worker2 } = env;
      await escrow.connect(releaser).release(1, 5, worker.address);
      await expect(escrow.connect(releaser).release(1, 5, worker2.address))
        .to.be.revertedWithCustomError(escrow, "SubmissionAlreadyPaid")
        .withArgs(5);
      await escrow.connect(creator2).fund(2, REWARD, 1, deadline);
      await expect(escrow.connect(creator2).release(2, 5, worker2.address))
        .to.be.revertedWithCustomError(escrow, "SubmissionAlreadyPaid")
        .withArgs(5);
    });

    it("reverts MaxCompletionsExceeded once maxCompletions were paid (never more than the balance)", async () => {
      const { escrow, releaser, worker } = env;
      for (let i = 0; i < MAX; i++) await escrow.connect(releaser).release(1, 100 + i, worker.address);
      expect(await escrow.remainingOf(1)).to.equal(0);
      await expect(escrow.connect(releaser).release(1, 200, worker.address))
        .to.be.revertedWithCustomError(escrow, "MaxCompletionsExceeded")
        .withArgs(1, MAX, 1, MAX);
    });

    it("reverts TaskAlreadyRefunded after a refund", async () => {
      const { escrow, creator, releaser, worker } = env;
      await setNextTimestamp(deadline + REVIEW_WINDOW + 1);
      await escrow.connect(creator).refund(1);
      await expect(escrow.connect(releaser).release(1, 1, worker.address))
        .to.be.revertedWithCustomError(escrow, "TaskAlreadyRefunded")
        .withArgs(1);
      await expect(escrow.connect(creator).release(1, 1, worker.address))
        .to.be.revertedWithCustomError(escrow, "TaskAlreadyRefunded")
        .withArgs(1);
    });
  });

  describe("releaseBatch", () => {
    beforeEach(async () => funded(1n, 10));

    it("pays every submission, one event each, paid count written once", async () => {
      const { escrow, token, releaser, worker, worker2, stranger, escrowAddr } = env;
      // Crosses bitmap words and comes back to an earlier one: 254, 255 | 256, 257 | 3 | 300
      const ids = [254, 255, 256, 257, 3, 300];
      const to = [worker.address, worker2.address, stranger.address, worker.address, worker2.address, worker.address];
      const tx = escrow.connect(releaser).releaseBatch(1, ids, to);
      for (let i = 0; i < ids.length; i++) {
        await expect(tx).to.emit(escrow, "RewardReleased").withArgs(1, ids[i], to[i], REWARD, releaser.address);
      }
      await expect(tx).to.changeTokenBalances(
        token,
        [escrowAddr, worker, worker2, stranger],
        [-6n * REWARD, 3n * REWARD, 2n * REWARD, REWARD],
      );
      const t = await escrow.getTask(1);
      expect(t.paidCount).to.equal(6);
      expect(t.remaining).to.equal(4n * REWARD);
      for (const id of ids) expect(await escrow.isPaid(id)).to.equal(true);
      for (const id of [2, 4, 253, 258, 299, 301]) expect(await escrow.isPaid(id)).to.equal(false);
    });

    it("accepts a batch by the creator that pays exactly up to maxCompletions", async () => {
      const { escrow, creator, worker } = env;
      const ids = Array.from({ length: 10 }, (_, i) => i);
      await expect(escrow.connect(creator).releaseBatch(1, ids, ids.map(() => worker.address)))
        .to.emit(escrow, "RewardReleased")
        .withArgs(1, 9, worker.address, REWARD, creator.address);
      expect(await escrow.remainingOf(1)).to.equal(0);
    });

    it("reverts EmptyBatch", async () => {
      await expect(env.escrow.connect(env.releaser).releaseBatch(1, [], []))
        .to.be.revertedWithCustomError(env.escrow, "EmptyBatch")
        .withArgs(1);
    });

    it("reverts LengthMismatch", async () => {
      await expect(env.escrow.connect(env.releaser).releaseBatch(1, [1, 2], [env.worker.address]))
        .to.be.revertedWithCustomError(env.escrow, "LengthMismatch")
        .withArgs(2, 1);
    });

    it("reverts TaskNotFunded", async () => {
      await expect(env.escrow.connect(env.releaser).releaseBatch(5, [1], [env.worker.address]))
        .to.be.revertedWithCustomError(env.escrow, "TaskNotFunded")
        .withArgs(5);
    });

    it("reverts NotCreatorOrReleaser", async () => {
      await expect(env.escrow.connect(env.stranger).releaseBatch(1, [1], [env.worker.address]))
        .to.be.revertedWithCustomError(env.escrow, "NotCreatorOrReleaser")
        .withArgs(1, env.stranger.address);
    });

    it("reverts TaskAlreadyRefunded", async () => {
      await setNextTimestamp(deadline + REVIEW_WINDOW + 1);
      await env.escrow.connect(env.creator).refund(1);
      await expect(env.escrow.connect(env.releaser).releaseBatch(1, [1], [env.worker.address]))
        .to.be.revertedWithCustomError(env.escrow, "TaskAlreadyRefunded")
        .withArgs(1);
    });

    it("reverts MaxCompletionsExceeded with the paid count and the batch size", async () => {
      const { escrow, releaser, worker } = env;
      await escrow.connect(releaser).releaseBatch(1, [1, 2, 3], Array(3).fill(worker.address));
      const ids = Array.from({ length: 8 }, (_, i) => 10 + i);
      await expect(escrow.connect(releaser).releaseBatch(1, ids, ids.map(() => worker.address)))
        .to.be.revertedWithCustomError(escrow, "MaxCompletionsExceeded")
        .withArgs(1, 3, 8, 10);
    });

    it("reverts ZeroRecipient naming the submission", async () => {
      await expect(env.escrow.connect(env.releaser).releaseBatch(1, [1, 2], [env.worker.address, ethers.ZeroAddress]))
        .to.be.revertedWithCustomError(env.escrow, "ZeroRecipient")
        .withArgs(1, 2);
    });

    it("reverts SubmissionAlreadyPaid for an id paid before, and for duplicates inside the batch", async () => {
      const { escrow, releaser, worker } = env;
      const w = worker.address;
      await escrow.connect(releaser).release(1, 7, w);
      await expect(escrow.connect(releaser).releaseBatch(1, [6, 7], [w, w]))
        .to.be.revertedWithCustomError(escrow, "SubmissionAlreadyPaid")
        .withArgs(7);
      await expect(escrow.connect(releaser).releaseBatch(1, [8, 8], [w, w]))
        .to.be.revertedWithCustomError(escrow, "SubmissionAlreadyPaid")
        .withArgs(8);
      // A, B, A with A and B in different bitmap words
      await expect(escrow.connect(releaser).releaseBatch(1, [9, 600, 9], [w, w, w]))
        .to.be.revertedWithCustomError(escrow, "SubmissionAlreadyPaid")
        .withArgs(9);
      // nothing of the failed batches stuck
      for (const id of [6, 8, 9, 600]) expect(await escrow.isPaid(id)).to.equal(false);
      expect((await escrow.getTask(1)).paidCount).to.equal(1);
    });
  });

  describe("refund", () => {
    beforeEach(async () => funded(1n));

    it("returns the remaining balance after deadline + reviewWindow and closes the task", async () => {
      const { escrow, token, creator, releaser, worker, escrowAddr } = env;
      await escrow.connect(releaser).release(1, 1, worker.address);
      const remaining = REWARD * BigInt(MAX - 1);
      await setNextTimestamp(deadline + REVIEW_WINDOW + 1);
      const tx = escrow.connect(creator).refund(1);
      await expect(tx).to.emit(escrow, "TaskRefunded").withArgs(1, creator.address, remaining);
      await expect(tx).to.changeTokenBalances(token, [escrowAddr, creator], [-remaining, remaining]);
      const t = await escrow.getTask(1);
      expect(t.refunded).to.equal(true);
      expect(t.remaining).to.equal(0);
      expect(t.paidCount).to.equal(1);
      expect(await escrow.remainingOf(1)).to.equal(0);
    });

    it("reverts RefundNotYetAvailable up to and including deadline + reviewWindow", async () => {
      const { escrow, creator } = env;
      const at = BigInt(deadline + REVIEW_WINDOW + 1);
      await expect(escrow.connect(creator).refund(1)).to.be.revertedWithCustomError(escrow, "RefundNotYetAvailable");
      await setNextTimestamp(deadline + REVIEW_WINDOW);
      await expect(escrow.connect(creator).refund(1))
        .to.be.revertedWithCustomError(escrow, "RefundNotYetAvailable")
        .withArgs(1, at, deadline + REVIEW_WINDOW);
      expect(await escrow.refundableAt(1)).to.equal(at);
    });

    it("reverts TaskNotFunded", async () => {
      await expect(env.escrow.connect(env.creator).refund(2))
        .to.be.revertedWithCustomError(env.escrow, "TaskNotFunded")
        .withArgs(2);
    });

    it("reverts NotCreator for the releaser, the admin and strangers", async () => {
      const { escrow, releaser, admin, stranger } = env;
      await setNextTimestamp(deadline + REVIEW_WINDOW + 1);
      for (const s of [releaser, admin, stranger]) {
        await expect(escrow.connect(s).refund(1)).to.be.revertedWithCustomError(escrow, "NotCreator").withArgs(1, s.address);
      }
    });

    it("reverts TaskAlreadyRefunded on a second refund", async () => {
      await setNextTimestamp(deadline + REVIEW_WINDOW + 1);
      await env.escrow.connect(env.creator).refund(1);
      await expect(env.escrow.connect(env.creator).refund(1))
        .to.be.revertedWithCustomError(env.escrow, "TaskAlreadyRefunded")
        .withArgs(1);
    });

    it("reverts NothingToRefund when every completion was paid", async () => {
      const { escrow, creator, releaser, worker } = env;
      await escrow.connect(releaser).releaseBatch(1, [1, 2, 3], Array(3).fill(worker.address));
      await setNextTimestamp(deadline + REVIEW_WINDOW + 1);
      await expect(escrow.connect(creator).refund(1)).to.be.revertedWithCustomError(escrow, "NothingToRefund").withArgs(1);
    });
  });

  describe("views", () => {
    it("return zeros for an unfunded task and unpaid ids", async () => {
      const { escrow } = env;
      const t = await escrow.getTask(123);
      expect(t.creator).to.equal(ethers.ZeroAddress);
      expect(t.reward).to.equal(0);
      expect(t.remaining).to.equal(0);
      expect(await escrow.remainingOf(123)).to.equal(0);
      expect(await escrow.refundableAt(123)).to.equal(0);
      expect(await escrow.isPaid(0)).to.equal(false);
    });
  });

  describe("reentrancy (malicious token)", () => {
    // Each case re-enters the SAME function it was called through (so every nonReentrant guard is hit).
    it("blocks re-entry into every state-changing function", async () => {
      const { admin, creator, worker } = env;
      const evil = await new ReentrantToken__factory(admin).deploy();
      const escrow = await new TaskEscrow__factory(admin).deploy(await evil.getAddress(), 0, admin.address);
      const escrowAddr = await escrow.getAddress();
      const iface = escrow.interface;
      await evil.mint(creator.address, 1000n * ONE);
      await evil.connect(creator).approve(escrowAddr, ethers.MaxUint256);
      // a clean task to release from / refund
      await escrow.connect(creator).fund(1, REWARD, 5, deadline);

      const zero = ethers.ZeroHash;
      const cases: Array<[string, () => Promise<unknown>, string]> = [
        ["fund", () => escrow.connect(creator).fund(2, REWARD, 1, deadline), iface.encodeFunctionData("fund", [3, REWARD, 1, deadline])],
        [
          "fundWithPermit",
          () => escrow.connect(creator).fundWithPermit(2, REWARD, 1, deadline, deadline, 27, zero, zero),
          iface.encodeFunctionData("fundWithPermit", [3, REWARD, 1, deadline, deadline, 27, zero, zero]),
        ],
        ["release", () => escrow.connect(creator).release(1, 1, worker.address), iface.encodeFunctionData("release", [1, 2, worker.address])],
        [
          "releaseBatch",
          () => escrow.connect(creator).releaseBatch(1, [1], [worker.address]),
          iface.encodeFunctionData("releaseBatch", [1, [2], [worker.address]]),
        ],
      ];
      for (const [, call, data] of cases) {
        await evil.arm(escrowAddr, data);
        await expect(call()).to.be.revertedWithCustomError(escrow, "ReentrancyGuardReentrantCall");
      }
      await setNextTimestamp(deadline + 1);
      await evil.arm(escrowAddr, iface.encodeFunctionData("refund", [1]));
      await expect(escrow.connect(creator).refund(1)).to.be.revertedWithCustomError(escrow, "ReentrancyGuardReentrantCall");
      // nothing moved
      expect(await evil.balanceOf(escrowAddr)).to.equal(REWARD * 5n);
      expect((await escrow.getTask(1)).paidCount).to.equal(0);
    });
  });
});
