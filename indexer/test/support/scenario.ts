import { CommandBus } from '@nestjs/cqrs';
import { NonceManager, Wallet } from 'ethers';
import { DataSource } from 'typeorm';
import { CreateTaskCommand, SubmitProofCommand, ReviewSubmissionCommand, RegisterUserCommand } from '@cent/backend';
import { EscrowChain, fundTask, taskEscrowKey } from './escrow-chain';

export interface Person {
  id: number;
  wallet: string;
}

export async function registerUser(commands: CommandBus, wallet: string | null = Wallet.createRandom().address): Promise<Person> {
  const id: number = await commands.execute(
    new RegisterUserCommand({ method: wallet ? 'wallet' : 'password', walletAddress: wallet, username: wallet ? null : `u${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`, email: null, passwordHash: null }),
  );
  return { id, wallet: wallet ?? '' };
}

/** A creator whose linked wallet is a funded dev account (signer `creators[i]` of the chain). */
export async function registerCreator(commands: CommandBus, chain: EscrowChain, i = 0): Promise<Person & { signer: NonceManager }> {
  const signer = chain.creators[i];
  const p = await registerUser(commands, await signer.getAddress());
  return { ...p, signer };
}

export interface TaskOnChain {
  taskId: number;
  /** The escrow key of the creator's funding with the task's terms (whether or not it was funded yet). */
  key: string;
  reward: number;
  maxCompletions: number;
  deadline: Date;
}

/** Creates the task in the backend, then funds it on chain from the creator's wallet. */
export async function createAndFundTask(
  commands: CommandBus,
  chain: EscrowChain,
  creator: Person & { signer: NonceManager },
  opts: { reward?: number; maxCompletions?: number; deadline?: Date; fund?: boolean; reviewWithinSeconds?: number } = {},
): Promise<TaskOnChain & { txHash: string | null; blockNumber: number | null }> {
  const reward = opts.reward ?? 10;
  const maxCompletions = opts.maxCompletions ?? 5;
  const deadline = opts.deadline ?? new Date(Date.now() + 3600_000);
  const taskId: number = await commands.execute(
    new CreateTaskCommand(creator.id, {
      title: 'Write a thread about CENT',
      description: 'Post a thread about the CENT Tasks marketplace.',
      requirements: 'Mention the escrow.',
      category: 'Content',
      reward,
      maxCompletions,
      estimatedTime: 10,
      deadline,
      submissionType: 'text',
      isActive: true,
      ...(opts.reviewWithinSeconds ? { reviewWithinSeconds: opts.reviewWithinSeconds } : {}),
    }),
  );
  const key = taskEscrowKey(creator.wallet, taskId, reward, maxCompletions, deadline);
  if (opts.fund === false) return { taskId, key, reward, maxCompletions, deadline, txHash: null, blockNumber: null };
  const receipt = await fundTask(chain, creator.signer, taskId, reward, maxCompletions, deadline);
  return { taskId, key, reward, maxCompletions, deadline, txHash: receipt.hash.toLowerCase(), blockNumber: receipt.blockNumber };
}

export async function submit(commands: CommandBus, taskId: number, earner: Person): Promise<number> {
  return commands.execute(new SubmitProofCommand(earner.id, taskId, { proofLink: null, proofText: 'Done: https://x.com/post/1', proofFileUrl: null, notes: null }));
}

export async function approve(commands: CommandBus, creator: Person, submissionId: number): Promise<void> {
  await commands.execute(new ReviewSubmissionCommand({ id: creator.id, isAdmin: false }, submissionId, 'approved', null));
}

export async function taskRow(db: DataSource, taskId: number) {
  const rows = await db.query(`SELECT * FROM tasks WHERE id = $1`, [taskId]);
  return rows[0] as Record<string, any> | undefined;
}

export async function submissionRow(db: DataSource, id: number) {
  const rows = await db.query(`SELECT * FROM submissions WHERE id = $1`, [id]);
  return rows[0] as Record<string, any> | undefined;
}

/** A task funded on chain (and seen funded by the running follower) with one approved submission. */
export async function approvedSubmission(
  commands: CommandBus,
  db: DataSource,
  chain: EscrowChain,
  creator: Person & { signer: NonceManager },
  reward: number,
): Promise<{ taskId: number; id: number; earner: Person }> {
  const t = await createAndFundTask(commands, chain, creator, { reward, maxCompletions: 1 });
  for (let n = 0; (await taskRow(db, t.taskId))?.funding_status !== 'funded'; n++) {
    if (n > 400) throw new Error(`task ${t.taskId} was not seen funded`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const earner = await registerUser(commands);
  const id = await submit(commands, t.taskId, earner);
  await approve(commands, creator, id);
  return { taskId: t.taskId, id, earner };
}
