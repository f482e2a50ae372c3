import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';

/** PATCH /api/tasks/:id: publish a draft (`true`) or take a task off the list (`false`). */
export class UpdateTaskDto {
  @ApiProperty({ description: 'true publishes the task (listed once funded); false makes it a draft again' })
  @IsBoolean({ message: 'isActive must be true or false' })
  isActive!: boolean;
}
