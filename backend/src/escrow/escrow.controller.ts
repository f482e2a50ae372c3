import { Controller, Get, Param, UseGuards } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../auth/current-user';
import { OptionalUserGuard } from '../auth/guards';
import { IdPipe } from '../common/id.pipe';
import { UserRecord } from '../users/users.read-repository';
import { EscrowAuditService } from './escrow-audit.service';
import { EscrowAuditView } from './escrow.view';

@ApiTags('escrow')
@Controller('api/tasks')
export class EscrowController {
  constructor(private readonly audit: EscrowAuditService) {}

  @Get(':id/escrow')
  @UseGuards(OptionalUserGuard)
  @ApiOperation({
    summary: "A task's escrow as the chain shows it, next to what the app claims (audit view)",
    description:
      'Reads the TaskEscrow contract now (getEscrow and refundableAt of the task\'s escrow key, the task\'s TaskFunded / RewardReleased / TaskRefunded ' +
      'logs) and lists each with tx hash, block, explorer links (EXPLORER_URL, EIP-3091) and finality; payouts are ' +
      'pending (requested/sent), confirmed (in a block) or final (past CONFIRMATIONS). Public for funded and ' +
      'refunded tasks; other tasks only for their creator and admins.',
  })
  @ApiOkResponse({ type: EscrowAuditView })
  @ApiNotFoundResponse({ description: 'Task not found' })
  get(@Param('id', IdPipe) id: number, @CurrentUser() user?: UserRecord): Promise<EscrowAuditView> {
    return this.audit.audit(id, user);
  }
}
