import { api } from '@/lib/api';
import type { EscrowAudit } from '@/types/escrow';

/**
 * A task's escrow as the chain shows it (GET /api/tasks/:id/escrow). Shared by the review dialog's payout
 * status, the creator's refund card and the auditor's page, so it lives here rather than in one feature.
 */
export const escrowApi = api.injectEndpoints({
  endpoints: (build) => ({
    taskEscrow: build.query<EscrowAudit, number>({
      query: (taskId) => `/api/tasks/${taskId}/escrow`,
      providesTags: (_r, _e, taskId) => [{ type: 'Escrow', id: taskId }],
    }),
  }),
});

export const { useTaskEscrowQuery } = escrowApi;
