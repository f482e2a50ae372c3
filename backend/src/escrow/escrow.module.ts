import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { EscrowAuditService } from './escrow-audit.service';
import { EscrowController } from './escrow.controller';

/** GET /api/tasks/:id/escrow: the per-task escrow audit view. */
@Module({
  imports: [UsersModule],
  controllers: [EscrowController],
  providers: [EscrowAuditService],
})
export class EscrowModule {}
