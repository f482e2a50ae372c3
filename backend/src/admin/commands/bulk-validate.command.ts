import { ValidationResult } from '../../validation/validation.types';

/** Validate the pending submissions (oldest first, at most ADMIN_BULK_LIMIT); optionally approve the eligible ones. */
export class BulkValidateCommand {
  constructor(readonly admin: { id: number; isAdmin: boolean }, readonly autoApprove: boolean) {}
}

export interface AutoApprovalEntry {
  submissionId: number;
  taskTitle: string;
  confidence: number;
  /** Why it was not approved automatically (issues, ineligibility, or the approval's error). */
  reason?: string;
}

/** Spec part 2 §3 "Bulk validate response" (+ per-submission results). */
export interface BulkValidateResponse {
  summary: { total: number; approved: number; rejected: number; autoApprovalEligible: number };
  autoApproval: { autoApproved: AutoApprovalEntry[]; requiresReview: AutoApprovalEntry[]; summary: string };
  results: Array<{
    submissionId: number;
    taskTitle: string;
    validation: Pick<ValidationResult, 'confidence' | 'qualityScore' | 'riskLevel' | 'approved' | 'autoApprovalEligible'>
      & Partial<ValidationResult>;
  }>;
  errors: Array<{ submissionId: number; message: string }>;
}
