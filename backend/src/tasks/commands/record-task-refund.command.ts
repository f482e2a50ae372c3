import { ChainFact } from '../task.events';

/** From the indexer: a TaskRefunded log. */
export class RecordTaskRefundCommand {
  constructor(readonly taskId: number, readonly fact: ChainFact, readonly amount: bigint) {}
}
