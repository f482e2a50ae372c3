import { Module } from '@nestjs/common';
import { ChainModule } from '../chain/chain-rpc';
import { UsersModule } from '../users/users.module';
import { EscrowAuditService } from './escrow-audit.service';
import { EscrowController } from './escrow.controller';

/** GET /api/tasks/:id/escrow: the per-task escrow audit view. */
@Module({
  imports: [UsersModule, ChainModule],
  controllers: [EscrowController],
  providers: [EscrowAuditService],
})
export class EscrowModule {}
