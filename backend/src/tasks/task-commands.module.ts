import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { UsersModule } from '../users/users.module';
import { ValidationModule } from '../validation/validation.module';
import { AppealRejectionHandler } from './commands/appeal-rejection.handler';
import { ApplyEscrowLogsHandler } from './commands/apply-escrow-logs.handler';
import { AutoReviewSubmissionHandler } from './commands/auto-review-submission.handler';
import { CheckSubmissionSpamHandler } from './commands/check-submission-spam.handler';
import { CloseTaskReviewHandler } from './commands/close-task-review.handler';
import { CreateTaskHandler } from './commands/create-task.handler';
import { DecideAppealHandler } from './commands/decide-appeal.handler';
import { ExpireRevisionHandler } from './commands/expire-revision.handler';
import { RecordAiValidationHandler } from './commands/record-ai-validation.handler';
import { RecordPayoutFailedHandler } from './commands/record-payout-failed.handler';
import { RecordPayoutSentHandler } from './commands/record-payout-sent.handler';
import { RequestPayoutHandler } from './commands/request-payout.handler';
import { ResubmitProofHandler } from './commands/resubmit-proof.handler';
import { RevertRewardReleasedHandler } from './commands/revert-reward-released.handler';
import { RevertTaskChainFactHandler } from './commands/revert-task-chain-fact.handler';
import { ReviewSubmissionHandler } from './commands/review-submission.handler';
import { SetTaskActiveHandler } from './commands/set-task-active.handler';
import { SubmissionLocator } from './commands/submission-locator';
import { SubmitProofHandler } from './commands/submit-proof.handler';
import { WalletLinkedHandler } from './commands/wallet-linked.handler';
import { WarnReviewDueHandler } from './commands/warn-review-due.handler';

/**
 * The task stream's write side: every command that loads `TaskAggregate` (a task, its submissions, their
 * reviews, revisions, appeals, review deadlines, escrow facts and payouts live in one stream) is handled here.
 * Read models, HTTP and scheduler sources stay in their feature folders and only send these commands.
 */
@Module({
  imports: [CqrsModule, UsersModule, ValidationModule],
  providers: [
    SubmissionLocator,
    CreateTaskHandler, SetTaskActiveHandler, RevertTaskChainFactHandler,
    SubmitProofHandler, ReviewSubmissionHandler, RecordAiValidationHandler,
    ResubmitProofHandler, ExpireRevisionHandler,
    AppealRejectionHandler, DecideAppealHandler,
    CheckSubmissionSpamHandler, WarnReviewDueHandler, AutoReviewSubmissionHandler, CloseTaskReviewHandler,
    RequestPayoutHandler, RecordPayoutSentHandler, RecordPayoutFailedHandler, RevertRewardReleasedHandler,
    ApplyEscrowLogsHandler, WalletLinkedHandler,
  ],
})
export class TaskCommandsModule {}
