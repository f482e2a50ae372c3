import { api } from '@/lib/api';
import type { Submission } from '@/types/api';

export interface NewSubmission {
  taskId: number;
  proofLink: string | null;
  proofText: string | null;
  proofFileUrl: string | null;
  notes: string | null;
}

export const submissionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    createSubmission: build.mutation<Submission, NewSubmission>({
      query: (body) => ({ url: '/api/submissions', method: 'POST', body }),
      invalidatesTags: (_r, _e, s) => [
        { type: 'Submission', id: `task-${s.taskId}` },
        { type: 'Submission', id: 'LIST' },
        { type: 'Task', id: s.taskId },
        { type: 'Task', id: 'LIST' },
        'Dashboard',
      ],
    }),
    uploadProof: build.mutation<{ fileUrl: string }, File>({
      query: (file) => {
        const body = new FormData();
        body.append('file', file);
        return { url: '/api/submissions/upload', method: 'POST', body };
      },
    }),
  }),
});

export const { useCreateSubmissionMutation, useUploadProofMutation } = submissionsApi;
