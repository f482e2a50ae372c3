import { CommandBus } from '@nestjs/cqrs';
import { Wallet, hexlify, randomBytes } from 'ethers';
import { centToBaseUnits, escrowAmount } from '../src/common/money';
import { escrowKey } from '../src/tasks/domain/escrow-key';
import { ApplyEscrowLogsCommand, EscrowLog, EscrowLogOutcome, FundedLog, RefundedLog, ReleasedLog } from '../src/tasks/commands/apply-escrow-logs.command';
import { CreateTaskCommand, CreateTaskInput } from '../src/tasks/commands/create-task.command';
import { deadlineSeconds } from '../src/tasks/domain/task-escrow-terms';
import { ChainFact } from '../src/tasks/domain/task.events';
import { RegisterUserCommand } from '../src/users/commands/register-user.command';

let block = 1000;

export function chainFact(overrides: Partial<ChainFact> = {}): ChainFact {
  block += 1;
  return {
    chainId: 31337,
    txHash: hexlify(randomBytes(32)),
    blockNumber: block,
    blockHash: hexlify(randomBytes(32)),
    logIndex: 0,
    ...overrides,
  };
}

export async function registerWalletUser(commands: CommandBus, wallet = Wallet.createRandom().address, username: string | null = null) {
  const id: number = await commands.execute(
    new RegisterUserCommand({ method: 'wallet', walletAddress: wallet, username, email: null, passwordHash: null }),
  );
  return { id, wallet };
}

export function taskInput(overrides: Partial<CreateTaskInput> = {}): CreateTaskInput {
  return {
    title: 'Write a thread about CENT',
    description: 'Post a thread on X about the CENT Tasks marketplace.',
    requirements: 'At least 5 posts, mention escrow and link the site.',
    category: 'Content',
    reward: 50,
    maxCompletions: 5,
    estimatedTime: 30,
    deadline: new Date(Date.now() + 7 * 24 * 3600 * 1000),
    submissionType: 'text',
    isActive: true,
    ...overrides,
  };
}

/**
 * Chain facts as the indexer hands them to the domain (TaskEscrow v2 logs, decoded), applied the one way
 * production applies them: ApplyEscrowLogsCommand.
 */
export function applyLogs(commands: CommandBus, taskId: number, ...logs: EscrowLog[]): Promise<EscrowLogOutcome[]> {
  return commands.execute(ApplyEscrowLogsCommand.forTask(taskId, logs)).then((outcomes: EscrowLogOutcome[][]) => outcomes[0]);
}

/** A TaskFunded log of `taskId` with the task's exact terms from `funder`, unless overridden. */
export function fundedLog(
  taskId: number, funder: string, input: Pick<CreateTaskInput, 'reward' | 'maxCompletions' | 'deadline'>, overrides: Partial<FundedLog> = {},
): FundedLog {
  const terms = {
    reward: overrides.reward ?? centToBaseUnits(input.reward),
    maxCompletions: BigInt(overrides.maxCompletions ?? input.maxCompletions),
    deadline: BigInt(overrides.deadline ?? deadlineSeconds(input.deadline)),
  };
  const f = overrides.funder ?? funder;
  return {
    kind: 'funded',
    fact: chainFact(),
    funder: f,
    amount: terms.reward * terms.maxCompletions,
    ...terms,
    key: escrowKey(f, { taskId, ...terms }),
    ...overrides,
  };
}

/** The escrow key each task funded by createFundedTask got (releases and refunds name it). */
const fundedKeys = new Map<number, string>();

export function fundedKeyOf(taskId: number): string {
  const key = fundedKeys.get(taskId);
  if (!key) throw new Error(`task ${taskId} was not funded by createFundedTask`);
  return key;
}

export function releasedLog(taskId: number, submissionId: number, recipient: string, amount: bigint, overrides: Partial<ReleasedLog> = {}): ReleasedLog {
  return { kind: 'released', fact: chainFact(), key: fundedKeyOf(taskId), submissionId, recipient, amount, ...overrides };
}

export function refundedLog(taskId: number, funder: string, amount: bigint, overrides: Partial<RefundedLog> = {}): RefundedLog {
  return { kind: 'refunded', fact: chainFact(), key: fundedKeyOf(taskId), funder, amount, ...overrides };
}

/** A task created by `creator` and funded on "chain" from the creator's wallet with the exact escrow. */
export async function createFundedTask(commands: CommandBus, creator: { id: number; wallet: string }, overrides: Partial<CreateTaskInput> = {}) {
  const input = taskInput(overrides);
  const taskId: number = await commands.execute(new CreateTaskCommand(creator.id, input));
  const log = fundedLog(taskId, creator.wallet, input);
  const [outcome] = await applyLogs(commands, taskId, log);
  if (outcome.result !== 'applied') throw new Error(`funding of task ${taskId} not applied: ${JSON.stringify(outcome)}`);
  fundedKeys.set(taskId, log.key!);
  return taskId;
}

/** Whole CENT in base units (re-exported for specs that build logs). */
export { centToBaseUnits, escrowAmount };
