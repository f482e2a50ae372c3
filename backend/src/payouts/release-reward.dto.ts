import { IdField } from '../common/dto-fields';

/** POST /api/blockchain/release-reward (spec part 1 §7): which task, and whose approved submission on it. */
export class ReleaseRewardDto {
  @IdField('taskId')
  taskId!: number;

  @IdField('recipientId', 'The user id of the approved submitter')
  recipientId!: number;
}
