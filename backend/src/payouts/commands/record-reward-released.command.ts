import { ChainFact } from '../../tasks/task.events';

/** From the indexer: a RewardReleased log (`key`: the escrow key that paid). */
export class RecordRewardReleasedCommand {
  constructor(
    readonly taskId: number,
    readonly submissionId: number,
    readonly recipient: string,
    readonly amount: bigint,
    readonly fact: ChainFact,
    readonly key?: string,
  ) {}
}
