import { ethers, network } from "hardhat";
import type { HardhatEthersSigner } from "@nomicfoundation/hardhat-ethers/signers";
import type { Wallet } from "ethers";
import {
  CentToken__factory,
  TaskEscrow__factory,
  type CentToken,
  type TaskEscrow,
} from "../typechain-types";

export const ONE = 10n ** 18n;
export const DAY = 24 * 3600;
export const REVIEW_WINDOW = 7 * DAY;

export async function now(): Promise<number> {
  return (await ethers.provider.getBlock("latest"))!.timestamp;
}

export async function setNextTimestamp(ts: number): Promise<void> {
  await network.provider.send("evm_setNextBlockTimestamp", [ts]);
}

export async function increaseTime(seconds: number): Promise<void> {
  await network.provider.send("evm_increaseTime", [seconds]);
  await network.provider.send("evm_mine", []);
}

export async function snapshot(): Promise<string> {
  return (await network.provider.send("evm_snapshot", [])) as string;
}

export async function revertTo(id: string): Promise<void> {
  const ok = await network.provider.send("evm_revert", [id]);
  if (!ok) throw new Error("evm_revert failed");
}

/** Runs `deploy` once, then restores the chain to the state right after it for every later call. */
export function fixture<T>(deploy: () => Promise<T>): () => Promise<T> {
  let state: { snap: string; value: T } | undefined;
  return async () => {
    if (state) {
      await revertTo(state.snap);
      state.snap = await snapshot();
      return state.value;
    }
    const value = await deploy();
    state = { snap: await snapshot(), value };
    return value;
  };
}

/**
 * Signs an ERC-2612 permit of `owner` for `spender` on a CentToken (domain name "CENT", version "1"): a Hardhat
 * signer, or a plain Wallet (the property test's actors); `nonce` defaults to the token's current one.
 */
export async function signPermit(
  token: CentToken,
  owner: HardhatEthersSigner | Wallet,
  spender: string,
  value: bigint,
  deadline: bigint | number,
  nonce?: bigint,
): Promise<{ v: number; r: string; s: string }> {
  const { chainId } = await ethers.provider.getNetwork();
  const sig = await owner.signTypedData(
    { name: "CENT", version: "1", chainId, verifyingContract: await token.getAddress() },
    {
      Permit: [
        { name: "owner", type: "address" },
        { name: "spender", type: "address" },
        { name: "value", type: "uint256" },
        { name: "nonce", type: "uint256" },
        { name: "deadline", type: "uint256" },
      ],
    },
    { owner: owner.address, spender, value, nonce: nonce ?? (await token.nonces(owner.address)), deadline },
  );
  const { v, r, s } = ethers.Signature.from(sig);
  return { v, r, s };
}

export interface Env {
  admin: HardhatEthersSigner;
  creator: HardhatEthersSigner;
  creator2: HardhatEthersSigner;
  releaser: HardhatEthersSigner;
  stranger: HardhatEthersSigner;
  worker: HardhatEthersSigner;
  worker2: HardhatEthersSigner;
  token: CentToken;
  escrow: TaskEscrow;
  escrowAddr: string;
  RELEASER_ROLE: string;
}

/** CentToken + TaskEscrow(7 days), releaser role granted, creators funded with 1M CENT and max approval. */
export async function deployEnv(): Promise<Env> {
  const [admin, creator, creator2, releaser, stranger, worker, worker2] = await ethers.getSigners();
  const token = await new CentToken__factory(admin).deploy();
  const escrow = await new TaskEscrow__factory(admin).deploy(await token.getAddress(), REVIEW_WINDOW, admin.address);
  const escrowAddr = await escrow.getAddress();
  const RELEASER_ROLE = await escrow.RELEASER_ROLE();
  await escrow.grantRole(RELEASER_ROLE, releaser.address);
  for (const s of [creator, creator2, releaser, stranger]) {
    await token.mint(s.address, 1_000_000n * ONE);
    await token.connect(s).approve(escrowAddr, ethers.MaxUint256);
  }
  return { admin, creator, creator2, releaser, stranger, worker, worker2, token, escrow, escrowAddr, RELEASER_ROLE };
}

/** The v2 escrow key, computed off-chain exactly as TaskEscrow.escrowKey does. */
export { escrowKey as escrowKeyOf } from "../src/escrow-key";
