import { OmitType } from '@nestjs/swagger';
import { SubmitProofDto } from './submit-proof.dto';

/** POST /api/submissions/:id/revisions: the revised proof, with exactly a submission's fields and rules. */
export class ResubmitProofDto extends OmitType(SubmitProofDto, ['taskId', 'userId'] as const) {}
