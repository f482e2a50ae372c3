/** From the payout worker: a release transaction for these submissions was broadcast. */
export class RecordPayoutSentCommand {
  constructor(readonly taskId: number, readonly submissionIds: number[], readonly txHash: string) {}
}
