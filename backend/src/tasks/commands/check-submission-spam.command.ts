/** A proof was just sent (a submission or a revision): the spam guard checks it and records its verdict (issue 22). */
export class CheckSubmissionSpamCommand {
  constructor(readonly taskId: number, readonly submissionId: number) {}
}

export type SpamCheckOutcome = 'flagged' | 'clean' | 'nothing';
