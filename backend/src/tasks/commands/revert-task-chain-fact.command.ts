/** From the indexer: a funding or refund log whose block a reorganisation dropped. */
export class RevertTaskChainFactCommand {
  constructor(
    readonly taskId: number,
    readonly kind: 'funding' | 'refund',
    readonly txHash: string,
    readonly logIndex: number,
  ) {}
}
