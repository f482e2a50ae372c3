import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository } from '../../event-store/aggregate-repository';
import { UserAggregate } from '../user.aggregate';
import { UpdateProfileCommand } from './update-profile.command';

@CommandHandler(UpdateProfileCommand)
export class UpdateProfileHandler implements ICommandHandler<UpdateProfileCommand, void> {
  constructor(private readonly repo: AggregateRepository) {}

  async execute({ userId, profile }: UpdateProfileCommand): Promise<void> {
    await this.repo.execute(() => new UserAggregate(userId), (user) => user.updateProfile(profile), { actorId: userId });
  }
}
