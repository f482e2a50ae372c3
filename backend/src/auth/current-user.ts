import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { UserRecord } from '../users/users.read-repository';

export type AuthedRequest = Request & { user?: UserRecord };

/** The signed-in user loaded by SignedInGuard / AdminGuard (or OptionalUserGuard: may be undefined). */
export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): UserRecord | undefined => {
  return ctx.switchToHttp().getRequest<AuthedRequest>().user;
});
