import { Reviewer } from '../../tasks/task.aggregate';

export class ReviewSubmissionCommand {
  constructor(
    readonly reviewer: Reviewer,
    readonly submissionId: number,
    readonly decision: 'approved' | 'rejected',
    readonly feedback: string | null,
  ) {}
}
