import { CommandBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { CreateTaskCommand, CreateTaskInput } from '../src/tasks/commands/create-task.command';
import { ReviewSubmissionCommand } from '../src/tasks/commands/review-submission.command';
import { SubmitProofCommand } from '../src/tasks/commands/submit-proof.command';
import { ReleasedLog, TaskEscrowLogs } from '../src/tasks/commands/apply-escrow-logs.command';
import { centToBaseUnits, chainFact, fundedLog, registerWalletUser, taskInput } from './fixtures';

/** The set-up the escrow command specs (escrow-facts, -poison, -range) share: a task, its rows, an approval. */
export const PROOF = { proofLink: null, proofText: 'Thread posted: https://x.com/a/1', proofFileUrl: null, notes: null };

export const taskRow = async (db: DataSource, id: number) => (await db.query(`SELECT * FROM tasks WHERE id = $1`, [id]))[0];
export const submissionRow = async (db: DataSource, id: number) => (await db.query(`SELECT * FROM submissions WHERE id = $1`, [id]))[0];

/** A new creator's unfunded task (20 CENT x 3 unless overridden), and the terms to fund it with. */
export async function newEscrowTask(commands: CommandBus, overrides: Partial<CreateTaskInput> = {}) {
  const creator = await registerWalletUser(commands);
  const input = taskInput({ reward: 20, maxCompletions: 3, ...overrides });
  const id: number = await commands.execute(new CreateTaskCommand(creator.id, input));
  // The stored deadline is whole seconds; fund with exactly that.
  const terms = { reward: input.reward, maxCompletions: input.maxCompletions, deadline: new Date(Math.floor(input.deadline.getTime() / 1000) * 1000) };
  return { id, creator, terms };
}

/** A task funded by its creator through `apply` (the spec's way of applying logs), one approved submission, and the release the app asked for. */
export async function fundedWithApproval(commands: CommandBus, apply: (tasks: TaskEscrowLogs[]) => Promise<unknown>) {
  const t = await newEscrowTask(commands);
  const funding = fundedLog(t.id, t.creator.wallet, t.terms);
  await apply([{ taskId: t.id, logs: [funding] }]);
  const earner = await registerWalletUser(commands);
  const s: number = await commands.execute(new SubmitProofCommand(earner.id, t.id, PROOF));
  await commands.execute(new ReviewSubmissionCommand({ id: t.creator.id, isAdmin: false }, s, 'approved', null));
  const release: ReleasedLog = { kind: 'released', fact: chainFact(), key: funding.key, submissionId: s, recipient: earner.wallet, amount: centToBaseUnits(20) };
  return { ...t, s, funding, earner, release };
}
