import { api } from '@/lib/api';
import type { Submission, Task } from '@/types/api';

/** GET /api/dashboard: the user's own submissions (with their task) and every task they created with its submissions. */
export interface DashboardData {
  submissions: Array<Submission & { task: NonNullable<Submission['task']> }>;
  createdTasks: Array<Task & { submissions: Submission[] }>;
}

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    dashboard: build.query<DashboardData, void>({
      query: () => '/api/dashboard',
      providesTags: ['Dashboard', { type: 'Submission', id: 'LIST' }],
    }),
  }),
});

export const { useDashboardQuery } = dashboardApi;
