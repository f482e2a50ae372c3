/** The creator is told a submission's review deadline is near (applied by the scheduler). */
export class WarnReviewDueCommand {
  constructor(readonly taskId: number, readonly submissionId: number) {}
}
