import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository } from '../../event-store/aggregate-repository';
import { WalletLinkedCommand } from '../../tasks/commands/wallet-linked.command';
import { UserAggregate } from '../user.aggregate';
import { LinkWalletCommand } from './link-wallet.command';
import { translateTakenKey } from './register-user.handler';

@CommandHandler(LinkWalletCommand)
export class LinkWalletHandler implements ICommandHandler<LinkWalletCommand, void> {
  constructor(
    private readonly repo: AggregateRepository,
    private readonly commands: CommandBus,
  ) {}

  async execute({ userId, walletAddress }: LinkWalletCommand): Promise<void> {
    await this.repo
      .execute(
        () => new UserAggregate(userId),
        (user) => user.linkWallet(walletAddress, new Date()),
        { actorId: userId },
        { appendOptions: (user) => ({ reserve: user.reserve }) },
      )
      .catch((err) => Promise.reject(translateTakenKey(err)));
    // Also after a no-op (the same wallet again): what waited for a wallet goes on (payouts, fundings).
    await this.commands.execute(new WalletLinkedCommand(userId));
  }
}
