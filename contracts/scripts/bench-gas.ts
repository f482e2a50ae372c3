/**
 * Gas benchmark of TaskEscrow on Hardhat's in-process chain (`npm run bench:gas`).
 *
 * Every figure is a whole-transaction `gasUsed` (21k intrinsic gas and calldata included):
 *  - erc20TransferNewHolder: CentToken.transfer from a funded holder to a never-seen address (the
 *    physical floor of a payout: the recipient's balance slot goes 0 -> non-zero).
 *  - fund: approve(exact amount) first, then fund(taskId, reward, max=100, deadline) — only the fund tx.
 *  - fundWithPermit: one tx, permit for exactly reward*max signed off-chain.
 *  - releaseNewHolder: release(key, ...) by the RELEASER_ROLE holder (the only account that may
 *    release) to a fresh address, in a steady state: the submission id is NOT the first of its
 *    256-id bitmap word of that escrow key (that word already exists), and the escrow has been paid before.
 *  - releaseBatchPerPayout10 / 50: releaseBatch by the releaser with 10 / 50 consecutive submission
 *    ids, each to a fresh address, total gasUsed / payouts. The 50-batch deliberately crosses into a
 *    fresh bitmap word (ids 240..289), so it includes one 0 -> non-zero bitmap write.
 *  - refund: creator refunds a partially paid task after deadline + reviewWindow.
 *
 * The LAST line of stdout is exactly one JSON object with these keys; ratios are printed before it.
 */
import { ethers, network } from "hardhat";
import { signPermit } from "../test/helpers";
import type { CentToken, TaskEscrow } from "../typechain-types";

const REVIEW_WINDOW = 7 * 24 * 3600;

async function gasOf(txPromise: Promise<{ wait(): Promise<unknown> }>): Promise<number> {
  const tx = await txPromise;
  const receipt = (await tx.wait()) as { gasUsed: bigint; status: number };
  if (receipt.status !== 1) throw new Error("tx failed");
  return Number(receipt.gasUsed);
}

function freshAddress(i: number): string {
  return ethers.getAddress("0x" + (0xbe00000000n + BigInt(i)).toString(16).padStart(40, "0"));
}

async function main(): Promise<void> {
  const [admin, creator, releaser, holder] = await ethers.getSigners();
  const token = (await (await ethers.getContractFactory("CentToken")).deploy()) as unknown as CentToken;
  const escrow = (await (await ethers.getContractFactory("TaskEscrow")).deploy(
    await token.getAddress(),
    REVIEW_WINDOW,
    admin.address,
  )) as unknown as TaskEscrow;
  const escrowAddr = await escrow.getAddress();
  await (await escrow.grantRole(await escrow.RELEASER_ROLE(), releaser.address)).wait();

  const ONE = 10n ** 18n;
  await (await token.mint(creator.address, 1_000_000n * ONE)).wait();
  await (await token.mint(holder.address, 1_000_000n * ONE)).wait();
  let fresh = 0;

  // Warm-up transfer so the holder/sender side is in the same state as in the measured one.
  await (await token.connect(holder).transfer(freshAddress(fresh++), ONE)).wait();
  const erc20TransferNewHolder = await gasOf(token.connect(holder).transfer(freshAddress(fresh++), ONE));

  const now = Number((await ethers.provider.getBlock("latest"))!.timestamp);
  const deadline = now + 30 * 24 * 3600;
  const reward = 5n * ONE;
  const max = 100;

  // fund (after an exact approve)
  await (await token.connect(creator).approve(escrowAddr, reward * BigInt(max))).wait();
  const fund = await gasOf(escrow.connect(creator).fund(1, reward, max, deadline));
  const key1 = await escrow.escrowKey(creator.address, 1, reward, max, deadline);
  const key2 = await escrow.escrowKey(creator.address, 2, reward, max, deadline);

  // fundWithPermit
  const permitDeadline = deadline;
  const sig = await signPermit(token, creator, escrowAddr, reward * BigInt(max), permitDeadline);
  const fundWithPermit = await gasOf(
    escrow.connect(creator).fundWithPermit(2, reward, max, deadline, permitDeadline, sig.v, sig.r, sig.s),
  );

  // releaseNewHolder: id 0 opens bitmap word 0 (not measured), id 1 is the steady state.
  await (await escrow.connect(releaser).release(key1, 0, freshAddress(fresh++))).wait();
  const releaseNewHolder = await gasOf(escrow.connect(releaser).release(key1, 1, freshAddress(fresh++)));

  async function batch(key: string, firstId: number, n: number): Promise<number> {
    const ids = Array.from({ length: n }, (_, i) => firstId + i);
    const recipients = ids.map(() => freshAddress(fresh++));
    return Math.round((await gasOf(escrow.connect(releaser).releaseBatch(key, ids, recipients))) / n);
  }
  const releaseBatchPerPayout10 = await batch(key2, 3, 10);
  const releaseBatchPerPayout50 = await batch(key2, 240, 50);

  await network.provider.send("evm_setNextBlockTimestamp", [deadline + REVIEW_WINDOW + 1]);
  const refund = await gasOf(escrow.connect(creator).refund(key1));

  const result = {
    erc20TransferNewHolder,
    fund,
    fundWithPermit,
    releaseNewHolder,
    releaseBatchPerPayout10,
    releaseBatchPerPayout50,
    refund,
  };
  const r1 = releaseNewHolder / erc20TransferNewHolder;
  const r50 = releaseBatchPerPayout50 / erc20TransferNewHolder;
  console.log(`releaseNewHolder / erc20TransferNewHolder = ${r1.toFixed(3)} (target <= 1.4) ${r1 <= 1.4 ? "OK" : "FAIL"}`);
  console.log(`releaseBatchPerPayout10 / erc20TransferNewHolder = ${(releaseBatchPerPayout10 / erc20TransferNewHolder).toFixed(3)}`);
  console.log(`releaseBatchPerPayout50 / erc20TransferNewHolder = ${r50.toFixed(3)} (target <= 0.6) ${r50 <= 0.6 ? "OK" : "FAIL"}`);
  if (r1 > 1.4 || r50 > 0.6) process.exitCode = 1;
  console.log(JSON.stringify(result));
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
