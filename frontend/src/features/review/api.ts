import { api } from '@/lib/api';
import type { EarnerRecord } from '@/lib/creator-record';
import type { ReviewEvidence, Submission, SubmissionStatus, User } from '@/types/api';
import type { StoredValidation, ValidationResult } from './validation';

/**
 * A submission as GET /api/submissions/:id answers it: always with its task's summary; for admins also the AI
 * validation stored on it (null when never validated; the key is absent for everyone else); for its reviewers (the
 * task's creator and admins) who submitted and the validator's evidence (issue 22; absent for the earner).
 */
export type ReviewedSubmission = Submission & {
  task: NonNullable<Submission['task']>; aiValidation?: StoredValidation | null; submitter?: Submitter; revisions?: SubmissionRevision[];
  evidence?: ReviewEvidence;
};

export interface RevisionProof { proofLink: string | null; proofText: string | null; proofFileUrl: string | null; notes: string | null }

/** One round of revise and resubmit (issue 22): what was asked, and what changed once resubmitted. */
export interface SubmissionRevision {
  round: number;
  feedback: string;
  requestedBy: number;
  requestedAt: string;
  resubmitBy: string;
  previous: RevisionProof | null;
  proof: RevisionProof | null;
  changed: string[];
  resubmittedAt: string | null;
}

/** Who submitted, as the task's creator and admins get it (issue 22); absent for anyone else. */
export interface Submitter {
  id: number;
  username: string | null;
  profileImage: string | null;
  walletAddress: string | null;
  record: EarnerRecord;
}

export const reviewApi = api.injectEndpoints({
  endpoints: (build) => ({
    submissionForReview: build.query<ReviewedSubmission, number>({
      query: (id) => `/api/submissions/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Submission', id }],
    }),
    reviewSubmission: build.mutation<ReviewedSubmission, { id: number; taskId: number; status: Exclude<SubmissionStatus, 'pending'>; feedback: string }>({
      query: ({ id, status, feedback }) => ({ url: `/api/submissions/${id}`, method: 'PATCH', body: { status, feedback } }),
      // Spec §7: after a decision the dashboard and submission data are refreshed (and what a decision moves).
      invalidatesTags: (_r, _e, { id, taskId }) => [
        { type: 'Submission', id },
        { type: 'Submission', id: 'LIST' },
        { type: 'Task', id: taskId },
        { type: 'Escrow', id: taskId },
        'Dashboard',
        'Admin',
      ],
    }),
    /** Issue 22: the earner's revised proof (after changes were requested) and their appeal of a rejection. */
    resubmitProof: build.mutation<ReviewedSubmission, { id: number; taskId: number } & Partial<RevisionProof>>({
      query: ({ id, taskId: _t, ...proof }) => ({ url: `/api/submissions/${id}/revisions`, method: 'POST', body: proof }),
      invalidatesTags: (_r, _e, { id, taskId }) => [{ type: 'Submission', id }, { type: 'Submission', id: 'LIST' }, { type: 'Task', id: taskId }, 'Dashboard'],
    }),
    appealRejection: build.mutation<ReviewedSubmission, { id: number; taskId: number; message: string }>({
      query: ({ id, message }) => ({ url: `/api/submissions/${id}/appeal`, method: 'POST', body: { message } }),
      invalidatesTags: (_r, _e, { id, taskId }) => [{ type: 'Submission', id }, { type: 'Submission', id: 'LIST' }, { type: 'Task', id: taskId }, 'Dashboard'],
    }),
    submitter: build.query<User, number>({
      query: (id) => `/api/users/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'User', id }],
    }),
    validateSubmission: build.mutation<ValidationResult, number>({
      query: (id) => ({ url: `/api/admin/validate-submission/${id}`, method: 'POST' }),
      invalidatesTags: (_r, _e, id) => [{ type: 'Submission', id }, 'Admin'],
    }),
    checkFile: build.query<{ exists: boolean }, string>({
      query: (path) => `/api/check-file?path=${encodeURIComponent(path)}`,
    }),
  }),
});

export const {
  useSubmissionForReviewQuery,
  useReviewSubmissionMutation,
  useResubmitProofMutation,
  useAppealRejectionMutation,
  useValidateSubmissionMutation,
  useLazyCheckFileQuery,
} = reviewApi;
