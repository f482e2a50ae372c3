import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository } from '../../event-store/aggregate-repository';
import { UserAggregate } from '../user.aggregate';
import { translateTakenKey } from './register-user.handler';
import { SetUsernameCommand } from './set-username.command';

@CommandHandler(SetUsernameCommand)
export class SetUsernameHandler implements ICommandHandler<SetUsernameCommand, void> {
  constructor(private readonly repo: AggregateRepository) {}

  async execute({ userId, username }: SetUsernameCommand): Promise<void> {
    await this.repo
      .execute(
        () => new UserAggregate(userId),
        (user) => user.setUsername(username),
        { actorId: userId },
        { appendOptions: (user) => ({ reserve: user.reserve, release: user.release }) },
      )
      .catch((err) => Promise.reject(translateTakenKey(err)));
  }
}
