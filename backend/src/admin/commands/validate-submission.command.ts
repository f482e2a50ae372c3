import { ValidationResult } from '../../validation/validation.types';

/** Validate one submission and record the result on it (an admin's "AI Analyze"). Returns the result. */
export class ValidateSubmissionCommand {
  constructor(
    readonly adminId: number,
    readonly submissionId: number,
    /** Set by the auto-approve bulk run; recorded so analytics can tell automatic approvals from human ones. */
    readonly autoApproveRequested = false,
  ) {}
}

export interface ValidatedSubmission {
  submissionId: number;
  taskTitle: string;
  status: string;
  validation: ValidationResult;
}
