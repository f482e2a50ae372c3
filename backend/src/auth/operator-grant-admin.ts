import { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { DomainError } from '../common/domain-error';
import { GrantAdminCommand } from '../users/commands/grant-admin.command';
import { UserRecord, UsersReadRepository } from '../users/users.read-repository';
import { isWalletAddress } from '../common/wallet-address';

/**
 * Makes the user named by `ref` (a user id or a wallet address) admin: the operator's command
 * (`npm run grant-admin -w backend -- <userId|wallet>`), never reachable through the public API.
 */
export async function grantAdminByRef(app: INestApplicationContext, ref: string): Promise<UserRecord> {
  const users = app.get(UsersReadRepository);
  let userId: number | null = null;
  if (isWalletAddress(ref)) userId = await users.userIdByWallet(ref);
  else if (/^[1-9][0-9]{0,9}$/.test(ref)) userId = Number(ref);
  else throw new DomainError(400, `Not a user id or wallet address: ${ref}`);
  const user = userId === null ? null : await users.findById(userId);
  if (!user) throw new DomainError(404, `No user ${ref}`);
  await app.get(CommandBus).execute(new GrantAdminCommand(user.id, 'cli'));
  return (await users.findById(user.id))!;
}
