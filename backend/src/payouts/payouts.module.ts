import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { SubmissionsModule } from '../submissions/submissions.module';
import { UsersModule } from '../users/users.module';
import { ApplyEscrowLogsHandler } from './commands/apply-escrow-logs.handler';
import { RecordPayoutFailedHandler } from './commands/record-payout-failed.handler';
import { RecordPayoutSentHandler } from './commands/record-payout-sent.handler';
import { RequestPayoutHandler } from './commands/request-payout.handler';
import { RevertRewardReleasedHandler } from './commands/revert-reward-released.handler';
import { WalletLinkedHandler } from './reactions/wallet-linked.handler';

@Module({
  imports: [CqrsModule, UsersModule, SubmissionsModule],
  providers: [
    RequestPayoutHandler,
    RecordPayoutSentHandler,
    RecordPayoutFailedHandler,
    RevertRewardReleasedHandler,
    ApplyEscrowLogsHandler,
    WalletLinkedHandler,
  ],
})
export class PayoutsModule {}
