/**
 * A user has a linked wallet (just linked, or linked again with the same address): what waited for it goes
 * on. Their approved payouts that failed for want of a wallet are requested to it, and the earlier fundings
 * of their tasks that the app could not accept because they had no wallet (stray escrows recorded as
 * foreign_funder, funded from this wallet) are decided again. Idempotent: running it twice changes nothing.
 */
export class WalletLinkedCommand {
  constructor(readonly userId: number) {}
}
