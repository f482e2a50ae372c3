import { SubmissionType } from '../tasks/domain/task.constants';

export type RiskLevel = 'low' | 'medium' | 'high';
/** verified: nothing left to check; needs_verification: a person should look; failed: the proof does not hold up. */
export type VerificationStatus = 'verified' | 'needs_verification' | 'failed';

/** Spec part 2 §3 "AI validation result" — exactly these fields go out on the API. */
export interface ValidationResult {
  approved: boolean;
  confidence: number;
  qualityScore: number;
  riskLevel: RiskLevel;
  category: string;
  verificationStatus: VerificationStatus;
  reasoning: string;
  issues: string[];
  suggestions: string[];
  autoApprovalEligible: boolean;
}

/**
 * A signal that fired, measured: how strongly (`score`, 0 to 1: the share of shingles two texts share, of image-hash
 * bits that match, 1 for the very same link or file; null when the signal has no such measure) and which other
 * submissions it points at. It is the reviewer's evidence (issue 22): "a copy of submission #12, 92 % the same".
 */
export interface SignalEvidence {
  code: string;
  score: number | null;
  related: Array<{ submissionId: number; taskId: number }>;
}

/** What a validator returns: the result plus the machine codes of the signals that fired (for analytics). */
export interface ValidationOutcome {
  result: ValidationResult;
  signals: string[];
  /** The signals that point at other submissions (duplicates, reuse, sybil clusters), measured; absent from older runs. */
  evidence?: SignalEvidence[];
  /** Which validator(s) produced it, e.g. "heuristic" or "heuristic+llm:gpt-4o-mini". */
  validator: string;
}

export interface TaskUnderReview {
  id: number;
  title: string;
  description: string;
  requirements: string;
  category: string;
  submissionType: SubmissionType;
}

export interface SubmissionUnderReview {
  id: number;
  taskId: number;
  userId: number;
  proofLink: string | null;
  proofText: string | null;
  proofFileUrl: string | null;
  notes: string | null;
}

/** Signals read from the proof image (image-fingerprint.ts); null fields when the image could not be read. */
export interface ImageEvidence {
  readable: boolean;
  /** Why it could not be read (missing file, not an image, outside our uploads). */
  error?: string;
  width?: number;
  height?: number;
  bytes?: number;
  /** sha256 of the stored bytes: the very same file. */
  sha256?: string;
  /** 64-bit difference hash (16 hex chars): survives re-encoding and resizing. */
  dhash?: string;
  /** Standard deviation of the greyscale pixels (0 = one flat colour). */
  stdev?: number;
}

/** Another submission that may share this one's proof (candidates; the scorer decides what counts). */
export interface PeerProof {
  submissionId: number;
  taskId: number;
  userId: number;
  proofText: string | null;
  proofLink: string | null;
  imageSha256: string | null;
  imageDhash: string | null;
}

/** A submitter on the same task, with when their wallet was linked (or the account created). */
export interface CoSubmitter {
  submissionId: number;
  userId: number;
  walletLinkedAt: Date | null;
}

/** Everything the scorer looks at besides the task and proof; gathered by EvidenceCollector. */
export interface ValidationEvidence {
  image: ImageEvidence | null;
  peers: PeerProof[];
  submitterWalletLinkedAt: Date | null;
  coSubmitters: CoSubmitter[];
}

export interface ValidationInput {
  task: TaskUnderReview;
  submission: SubmissionUnderReview;
  evidence: ValidationEvidence;
}

/** One way of judging a submission: the deterministic scorer, or the scorer plus an LLM's judgement. */
export interface SubmissionValidator {
  validate(input: ValidationInput): Promise<ValidationOutcome>;
}

export const SUBMISSION_VALIDATOR = Symbol('SUBMISSION_VALIDATOR');

/** Tunables (config VALIDATOR_*). */
export interface ValidationThresholds {
  autoApproveMinConfidence: number;
  approveMinQuality: number;
  nearDuplicateJaccard: number;
  imageDhashMaxDistance: number;
  sybilWindowMinutes: number;
  sybilMinCluster: number;
}

export const DEFAULT_THRESHOLDS: ValidationThresholds = {
  autoApproveMinConfidence: 0.85,
  approveMinQuality: 50,
  nearDuplicateJaccard: 0.6,
  imageDhashMaxDistance: 10,
  sybilWindowMinutes: 10,
  sybilMinCluster: 3,
};
