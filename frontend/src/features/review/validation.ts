/** Spec part 2 §3 "AI validation result", as POST /api/admin/validate-submission/:id answers it. */
export interface ValidationResult {
  approved: boolean;
  /** 0 to 1. */
  confidence: number;
  /** 0 to 100; optional in the spec. */
  qualityScore?: number | null;
  riskLevel: string;
  category: string;
  verificationStatus: string;
  reasoning: string;
  issues: string[];
  suggestions: string[];
  autoApprovalEligible: boolean;
}

/**
 * The validation stored on a submission, as GET /api/submissions/:id gives it to admins (never to anyone else):
 * the result plus the checks that fired in reviewer words, which validator answered, when and for whom.
 */
export interface StoredValidation extends ValidationResult {
  evidence: string[];
  validator: string | null;
  validatedAt: string | null;
  validatedBy: number | null;
}

/** 0.874 -> 87 (whole percent, as the toast and the panel show it). */
export const confidencePercent = (confidence: number): number => Math.round(confidence * 100);

/** Spec: low, medium, anything else shown as high. */
export function riskLabel(risk: string): 'low' | 'medium' | 'high' {
  return risk === 'low' || risk === 'medium' ? risk : 'high';
}

/** The spec's "AI Analysis Complete" text. */
export function analysisSummary(v: Pick<ValidationResult, 'confidence' | 'approved'>): string {
  return `Confidence: ${confidencePercent(v.confidence)}% - ${v.approved ? 'Recommended for approval' : 'Issues detected'}`;
}
