import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { DomainError } from '../common/domain-error';
import { UsersReadRepository } from '../users/users.read-repository';
import { AuthedRequest } from './current-user';

export const NOT_SIGNED_IN = 'Not authenticated';
export const NOT_ADMIN = 'Admin privileges required';

async function attachUser(req: AuthedRequest, users: UsersReadRepository): Promise<void> {
  const id = req.session?.userId;
  if (typeof id !== 'number') return;
  const user = await users.findById(id);
  if (user) req.user = user;
}

/** 401 unless the session belongs to an existing user; puts the user on the request. */
@Injectable()
export class SignedInGuard implements CanActivate {
  constructor(private readonly users: UsersReadRepository) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<AuthedRequest>();
    await attachUser(req, this.users);
    if (!req.user) throw new DomainError(401, NOT_SIGNED_IN);
    return true;
  }
}

/** 401 signed out, 403 for a signed-in user who is not an admin. */
@Injectable()
export class AdminGuard implements CanActivate {
  constructor(private readonly users: UsersReadRepository) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<AuthedRequest>();
    await attachUser(req, this.users);
    if (!req.user) throw new DomainError(401, NOT_SIGNED_IN);
    if (!req.user.isAdmin) throw new DomainError(403, NOT_ADMIN);
    return true;
  }
}

/** Never refuses; attaches the user when there is one (public routes that vary by viewer). */
@Injectable()
export class OptionalUserGuard implements CanActivate {
  constructor(private readonly users: UsersReadRepository) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    await attachUser(ctx.switchToHttp().getRequest<AuthedRequest>(), this.users);
    return true;
  }
}
