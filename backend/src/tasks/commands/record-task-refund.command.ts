import { ChainFact } from '../task.events';

/** From the indexer: a TaskRefunded log (`key`: the escrow key it refunded). */
export class RecordTaskRefundCommand {
  constructor(readonly taskId: number, readonly fact: ChainFact, readonly amount: bigint, readonly key?: string) {}
}
