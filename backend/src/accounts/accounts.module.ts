import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AuthModule } from '../auth/auth.module';
import { UploadsModule } from '../uploads/uploads.module';
import { UsersModule } from '../users/users.module';
import { AccountsController } from './accounts.controller';

/** The user routes of the API: current user, wallet link, username, profile, profile image, public profiles. */
@Module({
  imports: [CqrsModule, UsersModule, AuthModule, UploadsModule],
  controllers: [AccountsController],
})
export class AccountsModule {}
