import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository } from '../../event-store/aggregate-repository';
import { UserAggregate } from '../user.aggregate';
import { LinkWalletCommand } from './link-wallet.command';
import { translateTakenKey } from './register-user.handler';

@CommandHandler(LinkWalletCommand)
export class LinkWalletHandler implements ICommandHandler<LinkWalletCommand, void> {
  constructor(private readonly repo: AggregateRepository) {}

  async execute({ userId, walletAddress }: LinkWalletCommand): Promise<void> {
    await this.repo
      .execute(
        () => new UserAggregate(userId),
        (user) => user.linkWallet(walletAddress, new Date()),
        { actorId: userId },
        (user) => ({ reserve: user.reserve }),
      )
      .catch((err) => Promise.reject(translateTakenKey(err)));
  }
}
