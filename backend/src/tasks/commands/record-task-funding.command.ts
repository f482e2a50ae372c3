import { ChainFact } from '../task.events';

/** From the indexer: a TaskFunded log. */
export class RecordTaskFundingCommand {
  constructor(readonly taskId: number, readonly fact: ChainFact, readonly funder: string, readonly amount: bigint) {}
}
