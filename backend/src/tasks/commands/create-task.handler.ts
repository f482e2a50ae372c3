import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { badRequest } from '../../common/domain-error';
import { AggregateRepository } from '../../event-store/aggregate-repository';
import { IdAllocator } from '../../event-store/id-allocator';
import { TaskAggregate } from '../task.aggregate';
import { CreateTaskCommand } from './create-task.command';

@CommandHandler(CreateTaskCommand)
export class CreateTaskHandler implements ICommandHandler<CreateTaskCommand, number> {
  constructor(
    private readonly repo: AggregateRepository,
    private readonly ids: IdAllocator,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ creatorId, input }: CreateTaskCommand): Promise<number> {
    const now = new Date();
    if (input.deadline.getTime() <= now.getTime()) throw badRequest('Deadline must be in the future');
    const id = await this.ids.next('task_id_seq');
    await this.repo.execute(
      () => new TaskAggregate(id),
      (task) =>
        task.create(
          {
            ...input,
            creatorId,
            // Whole seconds: the deadline is also the escrow's uint64 `deadline`, and both must be equal.
            deadline: new Date(Math.floor(input.deadline.getTime() / 1000) * 1000).toISOString(),
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
