import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { conflict } from '../../common/domain-error';
import { AggregateRepository } from '../../event-store/aggregate-repository';
import { UniqueKeyTakenError } from '../../event-store/event-store.errors';
import { IdAllocator } from '../../event-store/id-allocator';
import { USER_MESSAGES, UserAggregate } from '../user.aggregate';
import { RegisterUserCommand } from './register-user.command';

/** Returns the new user's id. A wallet or username held by another user answers 409. */
@CommandHandler(RegisterUserCommand)
export class RegisterUserHandler implements ICommandHandler<RegisterUserCommand, number> {
  constructor(private readonly repo: AggregateRepository, private readonly ids: IdAllocator) {}

  async execute({ input }: RegisterUserCommand): Promise<number> {
    const id = await this.ids.next('user_id_seq');
    try {
      await this.repo.execute(
        () => new UserAggregate(id),
        (user) => user.register(input, new Date()),
        { actorId: id },
        { appendOptions: (user) => ({ reserve: user.reserve }) },
      );
    } catch (err) {
      throw translateTakenKey(err);
    }
    return id;
  }
}

export function translateTakenKey(err: unknown): unknown {
  if (!(err instanceof UniqueKeyTakenError)) return err;
  return conflict(err.kind === 'wallet' ? USER_MESSAGES.walletTaken : USER_MESSAGES.usernameTaken);
}
