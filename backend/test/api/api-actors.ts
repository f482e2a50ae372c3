import request from 'supertest';
import { GrantAdminCommand } from '../../src/users/commands/grant-admin.command';
import { createFundedTask, registerWalletUser } from '../fixtures';
import { sessionCookieFor } from '../session-cookie';
import { TestContext } from '../test-app';

export type Http = Parameters<typeof request>[0];

export interface Actor {
  id: number;
  wallet: string;
  cookie: string;
}

/** A registered wallet user with a real session cookie (optionally an admin). */
export async function actor(ctx: TestContext, opts: { admin?: boolean; username?: string } = {}): Promise<Actor> {
  const u = await registerWalletUser(ctx.commands, undefined, opts.username ?? null);
  if (opts.admin) await ctx.commands.execute(new GrantAdminCommand(u.id, 'test'));
  return { ...u, cookie: await sessionCookieFor(ctx.dataSource, u.id) };
}

/** The cast of the authorization matrix: an earner with a pending submission on the creator's funded task. */
export async function cast(ctx: TestContext & { http: Http }) {
  const [creator, earner, other, admin] = [await actor(ctx), await actor(ctx), await actor(ctx), await actor(ctx, { admin: true })];
  const taskId = await createFundedTask(ctx.commands, creator, { submissionType: 'text', maxCompletions: 5 });
  const res = await request(ctx.http)
    .post('/api/submissions')
    .set('Cookie', earner.cookie)
    .send({ taskId, proofText: 'Here is my thread', proofLink: null, proofFileUrl: null, notes: null })
    .expect(201);
  return { creator, earner, other, admin, taskId, submissionId: res.body.id as number };
}
