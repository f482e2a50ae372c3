/** From the payout worker: sending failed; `permanent` failures wait for an admin. */
export class RecordPayoutFailedCommand {
  constructor(
    readonly taskId: number,
    readonly submissionIds: number[],
    readonly reason: string,
    readonly permanent: boolean,
  ) {}
}
