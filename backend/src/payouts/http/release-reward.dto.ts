import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, Min } from 'class-validator';
import { Checks } from '../../tasks/http/validation';

const toNumber = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;

/** POST /api/blockchain/release-reward (spec part 1 §7): which task, and whose approved submission on it. */
export class ReleaseRewardDto {
  @ApiProperty()
  @Transform(toNumber)
  @Checks(
    IsInt({ message: 'taskId must be a number' }),
    Min(1, { message: 'taskId must be a number' }),
  )
  taskId!: number;

  @ApiProperty({ description: 'The user id of the approved submitter' })
  @Transform(toNumber)
  @Checks(
    IsInt({ message: 'recipientId must be a number' }),
    Min(1, { message: 'recipientId must be a number' }),
  )
  recipientId!: number;
}
