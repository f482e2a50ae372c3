import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository } from '../../event-store/aggregate-repository';
import { UserAggregate } from '../user.aggregate';
import { GrantAdminCommand } from './grant-admin.command';

@CommandHandler(GrantAdminCommand)
export class GrantAdminHandler implements ICommandHandler<GrantAdminCommand, void> {
  constructor(private readonly repo: AggregateRepository) {}

  async execute({ userId, grantedBy }: GrantAdminCommand): Promise<void> {
    await this.repo.execute(() => new UserAggregate(userId), (user) => user.grantAdmin(grantedBy), { actorId: null, grantedBy });
  }
}
