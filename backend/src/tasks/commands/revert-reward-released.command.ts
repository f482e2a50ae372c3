/** From the indexer: a RewardReleased log whose block a reorganisation dropped. */
export class RevertRewardReleasedCommand {
  constructor(readonly taskId: number, readonly submissionId: number, readonly txHash: string, readonly logIndex: number) {}
}
