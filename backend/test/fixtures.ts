import { CommandBus } from '@nestjs/cqrs';
import { Wallet, hexlify, randomBytes } from 'ethers';
import { escrowAmount } from '../src/common/money';
import { CreateTaskCommand, CreateTaskInput } from '../src/tasks/commands/create-task.command';
import { RecordTaskFundingCommand } from '../src/tasks/commands/record-task-funding.command';
import { ChainFact } from '../src/tasks/task.events';
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

/** A task created by `creator` and funded on "chain" from the creator's wallet with the exact escrow. */
export async function createFundedTask(commands: CommandBus, creator: { id: number; wallet: string }, overrides: Partial<CreateTaskInput> = {}) {
  const input = taskInput(overrides);
  const taskId: number = await commands.execute(new CreateTaskCommand(creator.id, input));
  await commands.execute(
    new RecordTaskFundingCommand(taskId, chainFact(), creator.wallet, escrowAmount(input.reward, input.maxCompletions)),
  );
  return taskId;
}
