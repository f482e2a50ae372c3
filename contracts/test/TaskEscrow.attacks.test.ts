/**
 * TaskEscrow v2 against an attacker: a stranger and a dishonest creator with the escrow's public functions,
 * a view of the mempool and the power to order transactions (front-running). The first five are the attacks
 * of issue 10; each comment says which behaviour of the v1 contract (escrow per task id, one global paid
 * bitmap, creator-or-releaser releases, releases until refunded) the test would have caught.
 */
import { expect } from "chai";
import { ethers, network } from "hardhat";
import { ReentrantToken__factory, TaskEscrow__factory } from "../typechain-types";
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

/** The app's task: chainTaskId 7, 25 CENT x 2, deadline in 30 days (as in issue 10's reproduction). */
const TASK_ID = 7n;
const REWARD = 25n * ONE;
const MAX = 2;
const GAS = { gasLimit: 500_000 };

describe("TaskEscrow v2 against an attacker", () => {
  const load = fixture(deployEnv);
  let env: Env;
  let deadline: number;
  /** The key the app expects: the creator's wallet with the task's exact terms. */
  let appKey: string;

  beforeEach(async () => {
    env = await load();
    deadline = (await now()) + 30 * DAY;
    appKey = escrowKeyOf(env.creator.address, TASK_ID, REWARD, MAX, deadline);
  });

  /** Queues transactions without mining, then mines them in one block (at `timestamp` when given). */
  async function inOneBlock(send: () => Promise<unknown>, timestamp?: number): Promise<void> {
    await network.provider.send("evm_setAutomine", [false]);
    try {
      await send();
      await network.provider.send("evm_mine", timestamp === undefined ? [] : [timestamp]);
    } finally {
      await network.provider.send("evm_setAutomine", [true]);
    }
  }

  async function receiptOf(hash: string) {
    return (await ethers.provider.getTransactionReceipt(hash))!;
  }

  describe("the five attacks of issue 10", () => {
    it("1. squatting the task id first (1 wei x 1) no longer blocks the creator", async () => {
      // v1: the stranger's fund(7, 1, 1, …) made task 7 "funded by the stranger"; the creator's fund reverted
      // TaskAlreadyFunded forever. v2: the stranger only creates an escrow under his own key.
      const { escrow, stranger, creator } = env;
      await escrow.connect(stranger).fund(TASK_ID, 1, 1, deadline);
      await escrow.connect(stranger).fund(TASK_ID, REWARD, MAX, deadline); // even the exact terms, from his wallet
      await expect(escrow.connect(creator).fund(TASK_ID, REWARD, MAX, deadline))
        .to.emit(escrow, "TaskFunded")
        .withArgs(appKey, TASK_ID, creator.address, REWARD, MAX, deadline, REWARD * BigInt(MAX));
      const e = await escrow.getEscrow(appKey);
      expect([e.funder, e.reward, e.maxCompletions, e.remaining]).to.deep.equal([creator.address, REWARD, BigInt(MAX), REWARD * 2n]);
      // The squatter's escrows stay his, refundable by him only after their own window.
      const squat = escrowKeyOf(stranger.address, TASK_ID, 1n, 1, deadline);
      expect((await escrow.getEscrow(squat)).funder).to.equal(stranger.address);
      await setNextTimestamp(deadline + REVIEW_WINDOW + 1);
      await expect(escrow.connect(stranger).refund(squat)).to.emit(escrow, "TaskRefunded").withArgs(squat, stranger.address, 1);
      expect(await escrow.remainingOf(appKey)).to.equal(REWARD * 2n);
    });

    it("2. mis-specified terms (10 CENT x 5, deadline in 1 h: same 50 CENT) fund another key, never the task's", async () => {
      // v1: getTask(7) showed the task funded with reward 10 and an early deadline, and each release paid 10
      // where the app advertised 25. v2: the terms are part of the key, so the app's key stays unfunded and
      // nothing can be paid "as task 7 with 25 CENT" out of that escrow.
      const { escrow, creator, releaser, worker } = env;
      const early = (await now()) + 3600;
      await escrow.connect(creator).fund(TASK_ID, 10n * ONE, 5, early);
      const wrongKey = escrowKeyOf(creator.address, TASK_ID, 10n * ONE, 5, early);
      expect(wrongKey).to.not.equal(appKey);
      expect((await escrow.getEscrow(appKey)).reward).to.equal(0);
      expect(await escrow.refundableAt(appKey)).to.equal(0);
      await expect(escrow.connect(releaser).release(appKey, 1, worker.address))
        .to.be.revertedWithCustomError(escrow, "EscrowNotFunded")
        .withArgs(appKey);
      // The creator can still fund the task correctly; its payouts are exactly the task's reward.
      await escrow.connect(creator).fund(TASK_ID, REWARD, MAX, deadline);
      await expect(escrow.connect(releaser).release(appKey, 1, worker.address)).to.changeTokenBalance(env.token, worker, REWARD);
    });

    it("3. paying ids on one escrow never marks, blocks or pays them on another (no cross-task poisoning)", async () => {
      // v1: a stranger funded an unused id with 1 wei and releaseBatch-ed upcoming submission ids to himself;
      // the global bitmap marked them paid, isPaid(id) was true and the real task could never pay them.
      const { escrow, creator, stranger, releaser, worker } = env;
      await escrow.connect(creator).fund(TASK_ID, REWARD, MAX, deadline);
      await escrow.connect(stranger).fund(999, 1, 5, deadline);
      const strangerKey = escrowKeyOf(stranger.address, 999, 1n, 5, deadline);
      const upcoming = [100, 101, 102, 103, 104];
      // The stranger cannot release at all, not even from his own escrow.
      await expect(escrow.connect(stranger).releaseBatch(strangerKey, upcoming, upcoming.map(() => stranger.address)))
        .to.be.revertedWithCustomError(escrow, "AccessControlUnauthorizedAccount")
        .withArgs(stranger.address, env.RELEASER_ROLE);
      // Even if the releaser paid those ids from another escrow, the task's own flags are untouched.
      await escrow.connect(releaser).releaseBatch(strangerKey, upcoming, upcoming.map(() => stranger.address));
      for (const id of upcoming) {
        expect(await escrow.isPaid(strangerKey, id)).to.equal(true);
        expect(await escrow.isPaid(appKey, id)).to.equal(false);
      }
      await expect(escrow.connect(releaser).releaseBatch(appKey, [100, 101], [worker.address, worker.address]))
        .to.emit(escrow, "RewardReleased")
        .withArgs(appKey, 101, worker.address, REWARD);
    });

    it("4. the creator's own release to their wallet is refused: no RewardReleased can fake a payout", async () => {
      // v1: release(task, pendingSubmissionId, ownWallet) by the creator succeeded and emitted RewardReleased,
      // which the app showed as the earner's payout. v2: only the releaser role releases.
      const { escrow, creator } = env;
      await escrow.connect(creator).fund(TASK_ID, REWARD, MAX, deadline);
      const pending = 42;
      await expect(escrow.connect(creator).release(appKey, pending, creator.address))
        .to.be.revertedWithCustomError(escrow, "AccessControlUnauthorizedAccount")
        .withArgs(creator.address, env.RELEASER_ROLE);
      await expect(escrow.connect(creator).releaseBatch(appKey, [pending], [creator.address]))
        .to.be.revertedWithCustomError(escrow, "AccessControlUnauthorizedAccount")
        .withArgs(creator.address, env.RELEASER_ROLE);
      expect(await escrow.isPaid(appKey, pending)).to.equal(false);
      expect((await escrow.getEscrow(appKey)).paidCount).to.equal(0);
    });

    it("5. refund and payout never race: payouts end at deadline + reviewWindow, refunds start a second later", async () => {
      // v1: releases were allowed until the refund, so after the window the creator's refund mined before the
      // worker's payout made the approved submission fail forever (TaskAlreadyRefunded) — the outcome depended
      // on transaction order. v2: the windows are disjoint, so the order inside a block no longer matters.
      const { escrow, creator, releaser, worker, worker2 } = env;
      await escrow.connect(creator).fund(TASK_ID, REWARD, MAX, deadline);
      const end = deadline + REVIEW_WINDOW;
      // Last second of the window: the creator's refund is mined FIRST in the block, and still fails; the payout works.
      let refundTx = "";
      let releaseTx = "";
      await inOneBlock(async () => {
        refundTx = (await escrow.connect(creator).refund(appKey, { ...GAS, maxPriorityFeePerGas: 10n ** 10n })).hash;
        releaseTx = (await escrow.connect(releaser).release(appKey, 1, worker.address, { ...GAS, maxPriorityFeePerGas: 1n })).hash;
      }, end);
      const [refund1, release1] = [await receiptOf(refundTx), await receiptOf(releaseTx)];
      expect(refund1.blockNumber).to.equal(release1.blockNumber);
      expect(refund1.index).to.be.lessThan(release1.index);
      expect([refund1.status, release1.status]).to.deep.equal([0, 1]);
      // One second later: a payout mined FIRST fails, the refund takes exactly the rest.
      await inOneBlock(async () => {
        releaseTx = (await escrow.connect(releaser).release(appKey, 2, worker2.address, { ...GAS, maxPriorityFeePerGas: 10n ** 10n })).hash;
        refundTx = (await escrow.connect(creator).refund(appKey, { ...GAS, maxPriorityFeePerGas: 1n })).hash;
      }, end + 1);
      const [release2, refund2] = [await receiptOf(releaseTx), await receiptOf(refundTx)];
      expect(release2.index).to.be.lessThan(refund2.index);
      expect([release2.status, refund2.status]).to.deep.equal([0, 1]);
      const e = await escrow.getEscrow(appKey);
      expect([e.paidCount, e.refunded, e.remaining]).to.deep.equal([1n, true, 0n]);
      expect(await env.token.balanceOf(worker2.address)).to.equal(0);
    });
  });

  describe("front-running", () => {
    it("fund: a copy of the creator's fund mined first only funds the copier's own key", async () => {
      const { escrow, creator, stranger } = env;
      let attacker = "";
      let honest = "";
      await inOneBlock(async () => {
        honest = (await escrow.connect(creator).fund(TASK_ID, REWARD, MAX, deadline, { ...GAS, maxPriorityFeePerGas: 1n })).hash;
        attacker = (await escrow.connect(stranger).fund(TASK_ID, REWARD, MAX, deadline, { ...GAS, maxPriorityFeePerGas: 10n ** 10n })).hash;
      });
      const [a, h] = [await receiptOf(attacker), await receiptOf(honest)];
      expect(a.index).to.be.lessThan(h.index);
      expect([a.status, h.status]).to.deep.equal([1, 1]);
      expect((await escrow.getEscrow(appKey)).funder).to.equal(creator.address);
      expect((await escrow.getEscrow(escrowKeyOf(stranger.address, TASK_ID, REWARD, MAX, deadline))).funder).to.equal(stranger.address);
    });

    it("fundWithPermit: a stolen signature cannot move the signer's tokens, and using it first does not stop the creator", async () => {
      const { escrow, token, worker, worker2: thief, stranger, escrowAddr } = env;
      const amount = REWARD * BigInt(MAX);
      await token.mint(worker.address, amount); // a creator with no allowance at all
      const key = escrowKeyOf(worker.address, TASK_ID, REWARD, MAX, deadline);
      const p = await signPermit(token, worker, escrowAddr, amount, deadline);
      // Replayed through the escrow by someone else: the escrow checks the permit against the CALLER as
      // owner, so it fails, and the caller (no allowance of their own) cannot fund.
      await expect(escrow.connect(thief).fundWithPermit(TASK_ID, REWARD, MAX, deadline, deadline, p.v, p.r, p.s))
        .to.be.revertedWithCustomError(escrow, "PermitFailed")
        .withArgs(thief.address, amount, 0);
      // Submitted straight to the token ahead of the creator's transaction (nonce used up).
      let stolen = "";
      let honest = "";
      await inOneBlock(async () => {
        honest = (await escrow
          .connect(worker)
          .fundWithPermit(TASK_ID, REWARD, MAX, deadline, deadline, p.v, p.r, p.s, { ...GAS, maxPriorityFeePerGas: 1n })).hash;
        stolen = (await token
          .connect(stranger)
          .permit(worker.address, escrowAddr, amount, deadline, p.v, p.r, p.s, { ...GAS, maxPriorityFeePerGas: 10n ** 10n })).hash;
      });
      const [s, h] = [await receiptOf(stolen), await receiptOf(honest)];
      expect(s.index).to.be.lessThan(h.index);
      expect([s.status, h.status]).to.deep.equal([1, 1]);
      expect((await escrow.getEscrow(key)).remaining).to.equal(amount);
      expect(await token.balanceOf(worker.address)).to.equal(0);
    });
  });

  describe("a dishonest creator", () => {
    it("can neither pay themself, refund early, refund another's escrow, nor disturb their own task's escrow", async () => {
      const { escrow, creator, creator2 } = env;
      await escrow.connect(creator).fund(TASK_ID, REWARD, MAX, deadline);
      await escrow.connect(creator2).fund(8, ONE, 3, deadline);
      const otherKey = escrowKeyOf(creator2.address, 8, ONE, 3, deadline);
      await expect(escrow.connect(creator).release(appKey, 1, creator.address)).to.be.revertedWithCustomError(
        escrow,
        "AccessControlUnauthorizedAccount",
      );
      await setNextTimestamp(deadline + REVIEW_WINDOW);
      await expect(escrow.connect(creator).refund(appKey))
        .to.be.revertedWithCustomError(escrow, "RefundNotYetAvailable")
        .withArgs(appKey, deadline + REVIEW_WINDOW + 1, deadline + REVIEW_WINDOW);
      await setNextTimestamp(deadline + REVIEW_WINDOW + 1);
      await expect(escrow.connect(creator).refund(otherKey))
        .to.be.revertedWithCustomError(escrow, "NotFunder")
        .withArgs(otherKey, creator.address);
      // A second, differently specified escrow for the same task is just another key.
      await escrow.connect(creator).fund(TASK_ID, 1, 1, deadline + 2 * REVIEW_WINDOW);
      expect(await escrow.remainingOf(appKey)).to.equal(REWARD * 2n);
      expect(await escrow.remainingOf(otherKey)).to.equal(3n * ONE);
    });
  });

  describe("misuse by anyone", () => {
    beforeEach(async () => {
      await env.escrow.connect(env.creator).fund(TASK_ID, REWARD, MAX, deadline);
    });

    it("release after the window: ReleaseWindowClosed", async () => {
      await setNextTimestamp(deadline + REVIEW_WINDOW + 1);
      await expect(env.escrow.connect(env.releaser).release(appKey, 1, env.worker.address))
        .to.be.revertedWithCustomError(env.escrow, "ReleaseWindowClosed")
        .withArgs(appKey, deadline + REVIEW_WINDOW, deadline + REVIEW_WINDOW + 1);
    });

    it("refund by a stranger (or the releaser): NotFunder", async () => {
      await setNextTimestamp(deadline + REVIEW_WINDOW + 1);
      for (const s of [env.stranger, env.releaser]) {
        await expect(env.escrow.connect(s).refund(appKey)).to.be.revertedWithCustomError(env.escrow, "NotFunder").withArgs(appKey, s.address);
      }
    });

    it("a duplicate id inside a batch pays nothing at all", async () => {
      const w = env.worker.address;
      await expect(env.escrow.connect(env.releaser).releaseBatch(appKey, [5, 5], [w, w]))
        .to.be.revertedWithCustomError(env.escrow, "SubmissionAlreadyPaid")
        .withArgs(appKey, 5);
      expect(await env.token.balanceOf(w)).to.equal(0);
      expect(await env.escrow.isPaid(appKey, 5)).to.equal(false);
    });

    it("a zero recipient, in release and in a batch: ZeroRecipient", async () => {
      await expect(env.escrow.connect(env.releaser).release(appKey, 5, ethers.ZeroAddress))
        .to.be.revertedWithCustomError(env.escrow, "ZeroRecipient")
        .withArgs(appKey, 5);
      await expect(env.escrow.connect(env.releaser).releaseBatch(appKey, [5, 6], [env.worker.address, ethers.ZeroAddress]))
        .to.be.revertedWithCustomError(env.escrow, "ZeroRecipient")
        .withArgs(appKey, 6);
    });

    it("more payouts than maxCompletions: MaxCompletionsExceeded, never more than the escrow holds", async () => {
      const w = env.worker.address;
      await expect(env.escrow.connect(env.releaser).releaseBatch(appKey, [1, 2, 3], [w, w, w]))
        .to.be.revertedWithCustomError(env.escrow, "MaxCompletionsExceeded")
        .withArgs(appKey, 0, 3, MAX);
      await env.escrow.connect(env.releaser).releaseBatch(appKey, [1, 2], [w, w]);
      await expect(env.escrow.connect(env.releaser).release(appKey, 3, w))
        .to.be.revertedWithCustomError(env.escrow, "MaxCompletionsExceeded")
        .withArgs(appKey, MAX, 1, MAX);
    });
  });

  it("reentrancy: a token calling back into another escrow's refund from inside a release is refused", async () => {
    const { admin, creator, releaser, worker } = env;
    const evil = await new ReentrantToken__factory(admin).deploy();
    const escrow = await new TaskEscrow__factory(admin).deploy(await evil.getAddress(), 0, admin.address);
    await escrow.grantRole(await escrow.RELEASER_ROLE(), releaser.address);
    const escrowAddr = await escrow.getAddress();
    await evil.mint(creator.address, 1000n * ONE);
    await evil.connect(creator).approve(escrowAddr, ethers.MaxUint256);
    const short = (await now()) + 100;
    await escrow.connect(creator).fund(1, ONE, 2, short);
    await escrow.connect(creator).fund(2, ONE, 2, deadline);
    const [k1, k2] = [escrowKeyOf(creator.address, 1, ONE, 2, short), escrowKeyOf(creator.address, 2, ONE, 2, deadline)];
    await evil.arm(escrowAddr, escrow.interface.encodeFunctionData("refund", [k1]));
    await expect(escrow.connect(releaser).release(k2, 1, worker.address)).to.be.revertedWithCustomError(
      escrow,
      "ReentrancyGuardReentrantCall",
    );
    expect(await escrow.remainingOf(k1)).to.equal(2n * ONE);
    expect(await escrow.remainingOf(k2)).to.equal(2n * ONE);
  });
});
