import { SubmissionType } from '../task.constants';

export interface CreateTaskInput {
  title: string;
  description: string;
  requirements: string;
  category: string;
  reward: number;
  maxCompletions: number;
  estimatedTime: number;
  deadline: Date;
  submissionType: SubmissionType;
  isActive: boolean;
}

/** The creator comes from the session; the escrow address and chain from configuration. */
export class CreateTaskCommand {
  constructor(readonly creatorId: number, readonly input: CreateTaskInput) {}
}
