import { PayoutFailureCause } from '../domain/task.events';

/**
 * From the payout worker: sending failed; `permanent` failures are reported (earner, creator, admins) with
 * what to do. `cause` says whether the reason can pass (then the payout is requested again when it has:
 * see PAYOUT_FAILURE_CAUSES); `detail` is the escrow's own words (a decoded revert).
 */
export class RecordPayoutFailedCommand {
  constructor(
    readonly taskId: number,
    readonly submissionIds: number[],
    readonly reason: string,
    readonly permanent: boolean,
    readonly cause?: PayoutFailureCause,
  ) {}
}
