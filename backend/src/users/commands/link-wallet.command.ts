export class LinkWalletCommand {
  constructor(readonly userId: number, readonly walletAddress: string) {}
}
