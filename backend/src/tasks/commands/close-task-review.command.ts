/** A task's review cut-off passed: every submission still pending is rejected with its reason. */
export class CloseTaskReviewCommand {
  constructor(readonly taskId: number) {}
}
