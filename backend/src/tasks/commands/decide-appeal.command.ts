import { Reviewer } from '../domain/task.aggregate';

/** An admin upholds or overturns an appeal. */
export class DecideAppealCommand {
  constructor(
    readonly admin: Reviewer,
    readonly submissionId: number,
    readonly decision: 'upheld' | 'overturned',
    readonly reason: string | null,
  ) {}
}
