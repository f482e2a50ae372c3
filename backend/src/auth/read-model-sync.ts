import { Injectable } from '@nestjs/common';
import { EventStore } from '../event-store/event-store';
import { ProjectionRunner } from '../projections/projection-runner';
import { UserAggregate } from '../users/user.aggregate';

/**
 * Waits until the read models show everything already appended to a user's stream. Needed when another
 * request wrote it (a concurrent first sign-in that won the wallet): our own commands wait for their own
 * events, but nothing else makes this request read that writer's events.
 */
@Injectable()
export class ReadModelSync {
  constructor(private readonly store: EventStore, private readonly projections: ProjectionRunner) {}

  async user(userId: number): Promise<void> {
    await this.projections.waitFor(await this.store.lastPosition({ streamId: UserAggregate.streamId(userId) }));
  }
}
