import { ChainFact } from '../../tasks/task.events';

/** From the indexer: a RewardReleased log. */
export class RecordRewardReleasedCommand {
  constructor(
    readonly taskId: number,
    readonly submissionId: number,
    readonly recipient: string,
    readonly amount: bigint,
    readonly fact: ChainFact,
  ) {}
}
