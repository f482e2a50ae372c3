import { ValidationResult } from '../validation/validation.types';

/**
 * What a SubmissionAiValidated event keeps: the spec's result (what the API answered and the review
 * dialog shows) plus an `audit` block for analytics: which signals fired, which validator answered, and
 * whether the run was an auto-approve run (so an approval that followed is known to be automatic).
 */
export interface StoredValidation extends ValidationResult {
  audit: { signals: string[]; validator: string; autoApproveRequested: boolean };
}
