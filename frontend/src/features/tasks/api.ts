import { api } from '@/lib/api';
import type { Submission, Task, TaskPage } from '@/types/api';
import type { components } from '@/types/api.generated';
import { FEATURED_COUNT } from './constants';
import { filtersToQuery, type TaskFilters } from './filters';
import type { RewardBounds } from './reward-range';

/** POST /api/tasks (the backend's CreateTaskDto), without the fields the backend ignores. */
export type NewTask = Omit<components['schemas']['CreateTaskDto'], 'creatorId' | 'contractAddress' | 'completions'>;

export interface UserSubmissionAnswer {
  hasSubmitted: boolean;
  submission: Submission | null;
}

interface DashboardAnswer {
  createdTasks: Task[];
}

export const tasksApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The browser's list: filtered, sorted and paged on the server (keyset cursor). */
    taskPages: build.infiniteQuery<TaskPage, TaskFilters, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (last) => last.nextCursor,
      },
      query: ({ queryArg, pageParam }) => `/api/tasks?${filtersToQuery(queryArg, pageParam)}`,
      providesTags: [{ type: 'Task', id: 'LIST' }],
    }),
    /** Only the count of a filter set (the results line's "filtered from {total} total"). */
    taskTotal: build.query<number, TaskFilters>({
      query: (f) => `/api/tasks?${filtersToQuery(f, null, 1)}`,
      transformResponse: (page: TaskPage) => page.total,
      providesTags: [{ type: 'Task', id: 'LIST' }],
    }),
    /**
     * The lowest and highest reward listed (the reward slider's scale): the first task of the list sorted by
     * reward each way, two one-row pages. Null when nothing is listed.
     */
    rewardBounds: build.query<RewardBounds | null, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const [low, high] = await Promise.all([baseQuery('/api/tasks?sort=reward-low&limit=1'), baseQuery('/api/tasks?sort=reward-high&limit=1')]);
        const error = low.error ?? high.error;
        if (error) return { error: error as never };
        const min = (low.data as TaskPage).items[0]?.reward;
        const max = (high.data as TaskPage).items[0]?.reward;
        return { data: min === undefined || max === undefined ? null : { min, max } };
      },
      providesTags: [{ type: 'Task', id: 'LIST' }],
    }),
    /** Landing page: the first 6 tasks of the list. */
    featuredTasks: build.query<Task[], void>({
      query: () => `/api/tasks?limit=${FEATURED_COUNT}`,
      transformResponse: (page: TaskPage) => page.items,
      providesTags: [{ type: 'Task', id: 'LIST' }],
    }),
    task: build.query<Task, number>({
      query: (id) => `/api/tasks/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Task', id }],
    }),
    /** Only when signed in; a 401 means "not submitted". */
    userSubmission: build.query<UserSubmissionAnswer, number>({
      query: (id) => ({ url: `/api/tasks/${id}/user-submission`, nullOn401: true }),
      transformResponse: (a: UserSubmissionAnswer | null) => a ?? { hasSubmitted: false, submission: null },
      providesTags: (_r, _e, id) => [{ type: 'Submission', id: `task-${id}` }],
    }),
    createTask: build.mutation<Task, NewTask>({
      query: (body) => ({ url: '/api/tasks', method: 'POST', body }),
      invalidatesTags: [{ type: 'Task', id: 'LIST' }, 'Dashboard'],
    }),
    /** The creator's own tasks (drafts and unfunded too), for the "awaiting funding" list. */
    myCreatedTasks: build.query<Task[], void>({
      query: () => '/api/dashboard',
      transformResponse: (d: DashboardAnswer) => d.createdTasks,
      providesTags: ['Dashboard'],
    }),
  }),
});

export const {
  useTaskPagesInfiniteQuery,
  useTaskTotalQuery,
  useRewardBoundsQuery,
  useFeaturedTasksQuery,
  useTaskQuery,
  useUserSubmissionQuery,
  useCreateTaskMutation,
  useMyCreatedTasksQuery,
} = tasksApi;
