/** The time to resubmit ran out (applied by the scheduler): the submission is rejected, its slot freed. */
export class ExpireRevisionCommand {
  constructor(readonly taskId: number, readonly submissionId: number) {}
}
