import { CommandBus } from '@nestjs/cqrs';
import { createFundedTask, registerWalletUser } from '../../test/fixtures';
import { sessionCookieFor } from '../../test/session-cookie';
import { TestContext } from '../../test/test-app';
import { SubmitProofCommand } from '../tasks/commands/submit-proof.command';
import { CreateTaskInput } from '../tasks/commands/create-task.command';
import { GrantAdminCommand } from '../users/commands/grant-admin.command';
import { TaskUnderReview } from '../validation/validation.types';

/** Test helpers of the admin specs: people with session cookies, tasks from the validator fixtures, proofs. */
export async function person(ctx: TestContext, admin = false) {
  const u = await registerWalletUser(ctx.commands);
  if (admin) await ctx.commands.execute(new GrantAdminCommand(u.id, 'test'));
  return { ...u, cookie: await sessionCookieFor(ctx.dataSource, u.id) };
}

export function fundedTaskLike(
  commands: CommandBus, creator: { id: number; wallet: string }, t: TaskUnderReview, overrides: Partial<CreateTaskInput> = {},
): Promise<number> {
  return createFundedTask(commands, creator, {
    title: t.title, description: t.description, requirements: t.requirements, category: t.category,
    submissionType: t.submissionType, ...overrides,
  });
}

export function submit(
  commands: CommandBus, userId: number, taskId: number,
  proof: { proofLink?: string; proofText?: string; proofFileUrl?: string; notes?: string },
): Promise<number> {
  return commands.execute(new SubmitProofCommand(userId, taskId, {
    proofLink: proof.proofLink ?? null, proofText: proof.proofText ?? null, proofFileUrl: proof.proofFileUrl ?? null, notes: proof.notes ?? null,
  }));
}
