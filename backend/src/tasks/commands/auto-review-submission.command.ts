/** A submission's review deadline passed: approve it automatically, or hand it to the admins if flagged. */
export class AutoReviewSubmissionCommand {
  constructor(readonly taskId: number, readonly submissionId: number) {}
}

export type AutoReviewOutcome = 'approved' | 'flagged' | 'nothing';
