import { ChainFact } from '../task.events';

/** From the indexer: a TaskFunded log (`key`: its TaskEscrow v2 escrow key). */
export class RecordTaskFundingCommand {
  constructor(
    readonly taskId: number,
    readonly fact: ChainFact,
    readonly funder: string,
    readonly amount: bigint,
    readonly key?: string,
  ) {}
}
