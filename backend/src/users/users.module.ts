import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { GrantAdminHandler } from './commands/grant-admin.handler';
import { LinkWalletHandler } from './commands/link-wallet.handler';
import { RegisterUserHandler } from './commands/register-user.handler';
import { SetUsernameHandler } from './commands/set-username.handler';
import { UpdateProfileHandler } from './commands/update-profile.handler';
import { UsersProjection } from './users.projection';
import { UsersReadRepository } from './users.read-repository';

@Module({
  imports: [CqrsModule],
  providers: [
    RegisterUserHandler,
    LinkWalletHandler,
    SetUsernameHandler,
    UpdateProfileHandler,
    GrantAdminHandler,
    UsersProjection,
    UsersReadRepository,
  ],
  exports: [UsersReadRepository],
})
export class UsersModule {}
