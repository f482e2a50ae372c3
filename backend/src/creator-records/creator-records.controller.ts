import { Controller, Get, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { notFound } from '../common/domain-error';
import { IdPipe } from '../common/id.pipe';
import { USER_MESSAGES } from '../users/user.aggregate';
import { UsersReadRepository } from '../users/users.read-repository';
import { CreatorRecordQueries } from './creator-record.queries';
import { CreatorRecordView, EarnerRecordView } from './creator-record.view';

export class UserRecords {
  @ApiProperty({ type: CreatorRecordView }) asCreator!: CreatorRecordView;
  @ApiProperty({ type: EarnerRecordView }) asEarner!: EarnerRecordView;
}

@ApiTags('users')
@Controller('api/users')
export class CreatorRecordsController {
  constructor(private readonly records: CreatorRecordQueries, private readonly users: UsersReadRepository) {}

  @Get(':id/record')
  @ApiOperation({
    summary: "A user's public record: as a creator (reviews, approvals, CENT paid) and as an earner",
    description: 'Computed from the event store (creator-records projection). submissionsReviewed 0 = a new creator.',
  })
  @ApiOkResponse({ type: UserRecords })
  @ApiNotFoundResponse({ description: 'User not found' })
  async record(@Param('id', IdPipe) id: number): Promise<UserRecords> {
    if (!(await this.users.findById(id))) throw notFound(USER_MESSAGES.notFound);
    const [asCreator, asEarner] = await Promise.all([this.records.ofCreator(id), this.records.ofEarner(id)]);
    return { asCreator, asEarner };
  }
}
