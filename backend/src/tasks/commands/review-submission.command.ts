import { Reviewer } from '../domain/task.aggregate';

export class ReviewSubmissionCommand {
  constructor(
    readonly reviewer: Reviewer,
    readonly submissionId: number,
    /** changes_requested: revise and resubmit (issue 22); the slot stays held. */
    readonly decision: 'approved' | 'rejected' | 'changes_requested',
    readonly feedback: string | null,
  ) {}
}
