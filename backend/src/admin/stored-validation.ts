import { SignalEvidence, ValidationOutcome, ValidationResult } from '../validation/validation.types';

/**
 * What a SubmissionAiValidated event keeps: the spec's result (what the API answered and the review
 * dialog shows) plus an `audit` block for analytics: which signals fired, which validator answered, and
 * whether the run was an auto-approve run (so an approval that followed is known to be automatic).
 */
export interface StoredValidation extends ValidationResult {
  audit: {
    signals: string[]; validator: string; autoApproveRequested: boolean;
    /** The measured signals (scores, the other submissions): what the reviewers see (issue 22); absent before it was kept. */
    evidence?: SignalEvidence[];
    /** Run by the system at the review deadline (issue 22), not by an admin. */
    reviewDeadline?: boolean;
    /** Run by the system when the proof was sent: the spam guard's check (issue 22, tasks/domain/task-spam-check.ts). */
    atSubmission?: boolean;
  };
}

/** What a validation run stores: its result and the audit block (one shape for every caller). */
export function storedValidationOf(outcome: ValidationOutcome, audit: { autoApproveRequested: boolean; reviewDeadline?: boolean; atSubmission?: boolean }): StoredValidation {
  return { ...outcome.result, audit: { signals: outcome.signals, evidence: outcome.evidence ?? [], validator: outcome.validator, ...audit } };
}
