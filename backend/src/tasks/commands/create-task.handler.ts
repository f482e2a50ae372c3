import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ChainClock } from '../../clock/chain-clock';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { AggregateRepository } from '../../event-store/aggregate-repository';
import { IdAllocator } from '../../event-store/id-allocator';
import { TaskAggregate } from '../domain/task.aggregate';
import { CreateTaskCommand } from './create-task.command';

@CommandHandler(CreateTaskCommand)
export class CreateTaskHandler implements ICommandHandler<CreateTaskCommand, number> {
  constructor(
    private readonly repo: AggregateRepository,
    private readonly ids: IdAllocator,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: ChainClock,
  ) {}

  async execute({ creatorId, input }: CreateTaskCommand): Promise<number> {
    // Bounds (deadline in the future and at most a year ahead, ...) are the aggregate's: decideCreate.
    const now = this.clock.now();
    const id = await this.ids.next('task_id_seq');
    await this.repo.execute(
      () => new TaskAggregate(id),
      (task) =>
        task.create(
          {
            ...input,
            creatorId,
            // Whole seconds: the deadline is also the escrow's uint64 `deadline`, and both must be equal.
            deadline: wholeSecondsIso(input.deadline),
            chainId: this.config.CHAIN_ID,
            contractAddress: this.config.ESCROW_ADDRESS ?? null,
            reviewWindowSeconds: this.config.REVIEW_WINDOW_SECONDS,
            reviewCloseMarginSeconds: this.config.REVIEW_CLOSE_MARGIN_SECONDS,
          },
          now,
        ),
      { actorId: creatorId },
    );
    return id;
  }
}

/** The deadline in whole seconds as ISO text; '' for an invalid or unprintable date (the aggregate refuses it). */
function wholeSecondsIso(deadline: Date): string {
  const ms = Math.floor(deadline.getTime() / 1000) * 1000;
  return Number.isFinite(ms) && Math.abs(ms) <= 8.64e15 ? new Date(ms).toISOString() : '';
}
