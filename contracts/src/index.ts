/**
 * `@cent/contracts`: ABIs, TypeChain (ethers v6) types and factories, deployment helpers and the
 * publicly known local dev accounts.
 */
import { id } from "ethers";
import { CentToken__factory } from "../typechain-types/factories/contracts/src/CentToken__factory";
import { TaskEscrow__factory } from "../typechain-types/factories/contracts/src/TaskEscrow__factory";

export type { CentToken } from "../typechain-types/contracts/src/CentToken";
export type { TaskEscrow } from "../typechain-types/contracts/src/TaskEscrow";
export type {
  TaskFundedEvent,
  RewardReleasedEvent,
  TaskRefundedEvent,
} from "../typechain-types/contracts/src/TaskEscrow";
export { CentToken__factory, TaskEscrow__factory };
/** Every TypeChain type and factory (including OpenZeppelin interfaces and test mocks). */
export * as typechain from "../typechain-types";

/** ABI of CentToken (ERC-20 + ERC-2612 + local faucet `mint`). */
export const CentTokenAbi = CentToken__factory.abi;
/** ABI of TaskEscrow. */
export const TaskEscrowAbi = TaskEscrow__factory.abi;
export const abis = { CentToken: CentTokenAbi, TaskEscrow: TaskEscrowAbi } as const;

/** keccak256("RELEASER_ROLE"). */
export const RELEASER_ROLE: string = id("RELEASER_ROLE"); // 0x88f3509f…8117

export * from "./deploy";
export * from "./escrow-key";
export * from "./dev-accounts";
export * from "./anvil-binary";
