import { api, type ApiArgs } from '@/lib/api';
import type { SubmissionStatus } from '@/types/api';
import type { AdminAnalytics, AdminDashboard, BulkApproveResponse, BulkValidateResponse } from './types';

export interface AdminPage {
  limit: number;
  offset: number;
  status?: SubmissionStatus;
}

const dashboardUrl = ({ limit, offset, status }: AdminPage) =>
  `/api/admin/dashboard?limit=${limit}&offset=${offset}${status ? `&status=${status}` : ''}`;

export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminDashboard: build.query<AdminDashboard, AdminPage>({
      // Spec §7: the admin data is retried once on failure (not when the answer is "not allowed").
      async queryFn(page, _api, _extra, baseQuery) {
        const args: ApiArgs = dashboardUrl(page);
        const first = await baseQuery(args);
        const status = first.error && (first.error as { status?: unknown }).status;
        if (!first.error || status === 401 || status === 403) return first as { data: AdminDashboard };
        return (await baseQuery(args)) as { data: AdminDashboard };
      },
      providesTags: ['Admin', { type: 'Submission', id: 'LIST' }],
    }),
    adminAnalytics: build.query<AdminAnalytics, void>({
      query: () => '/api/admin/analytics',
      providesTags: ['Admin'],
    }),
    bulkValidate: build.mutation<BulkValidateResponse, { autoApprove: boolean }>({
      query: (body) => ({ url: '/api/admin/bulk-validate', method: 'POST', body }),
      invalidatesTags: ['Admin', 'Dashboard', 'Submission', 'Task', 'Escrow'],
    }),
    bulkApprove: build.mutation<BulkApproveResponse, void>({
      query: () => ({ url: '/api/admin/bulk-approve', method: 'POST', body: {} }),
      invalidatesTags: ['Admin', 'Dashboard', 'Submission', 'Task', 'Escrow'],
    }),
  }),
});

export const { useAdminDashboardQuery, useAdminAnalyticsQuery, useBulkValidateMutation, useBulkApproveMutation } = adminApi;
