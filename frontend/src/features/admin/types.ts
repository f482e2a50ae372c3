import type { FundingStatus, SubmissionStatus, User } from '@/types/api';

/** GET /api/admin/dashboard (backend/src/admin/README.md): one page of each list plus the overview figures. */
export interface AdminSubmissionRow {
  id: number;
  taskId: number;
  taskTitle: string | null;
  /** The task's reward per approval, whole CENT (what approving this submission releases). */
  taskReward: number;
  userId: number;
  username: string | null;
  status: SubmissionStatus | null;
  notes: string | null;
  createdAt: string;
  reviewedBy: number | null;
  aiValidated: boolean;
  aiValidation: StoredValidation | null;
  payoutStatus: string | null;
}

export interface StoredValidation {
  approved: boolean;
  confidence: number;
  qualityScore?: number | null;
  riskLevel: string;
  autoApprovalEligible: boolean;
  issues?: string[];
}

export interface AdminTaskRow {
  id: number;
  title: string;
  creatorId: number;
  creatorUsername: string | null;
  reward: number;
  maxCompletions: number;
  completions: number;
  isActive: boolean;
  category: string;
  fundingStatus?: FundingStatus;
}

export interface AdminOverview {
  users: { total: number; withWallet: number; admins: number };
  tasks: { total: number; active: number; categories: number };
  submissions: { total: number; pending: number; approved: number; rejected: number };
  rewards: { paidOut: number; totalRewards: number };
  tasksPerCategory: Array<{ category: string; count: number }>;
  recentSubmissions: AdminSubmissionRow[];
}

export interface AdminDashboard {
  users: User[];
  tasks: AdminTaskRow[];
  submissions: AdminSubmissionRow[];
  overview: AdminOverview;
  page: { limit: number; offset: number; status: string | null; totals: { users: number; tasks: number; submissions: number } };
}

export interface BulkValidateResult {
  submissionId: number;
  taskTitle: string;
  validation: StoredValidation;
}

export interface BulkValidateResponse {
  summary: { total: number; approved: number; rejected: number; autoApprovalEligible: number };
  autoApproval: { autoApproved: Array<{ submissionId: number }>; requiresReview: Array<{ submissionId: number }>; summary: string };
  results: BulkValidateResult[];
  errors: Array<{ submissionId: number; message: string }>;
}

export interface BulkApproveResponse {
  processed: number;
  skipped: number;
  errors: Array<{ submissionId: number; message: string }>;
}

type Share = number | null;

/** GET /api/admin/analytics: measured from recorded validations and the reviewers' decisions. */
export interface AdminAnalytics {
  totalValidations: { validatedSubmissions: number; totalSubmissions: number; share: Share; runs: number };
  accuracy: { rate: Share; agreed: number; decided: number };
  averageValidationTimeMs: number;
  p95ValidationTimeMs: number;
  autoApproval: { rate: Share; autoApproved: number; eligible: number; eligibleRate: Share; recommendedForApproval: number };
  commonIssues: Array<{ code: string; issue: string; count: number; share: Share }>;
  confidenceBands: Array<{ band: string; count: number; share: Share }>;
  perCategory: Array<{ category: string; validated: number; accuracy: Share; autoApprovalRate: Share; meanConfidence: number | null }>;
  recommendation: string;
}
