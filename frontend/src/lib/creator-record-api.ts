import { api } from '@/lib/api';
import type { UserRecords } from './creator-record';

const recordApi = api.injectEndpoints({
  endpoints: (build) => ({
    userRecord: build.query<UserRecords, number>({
      query: (id) => `/api/users/${id}/record`,
      // A review decision moves the record: the review mutation invalidates 'Dashboard', so does this.
      providesTags: (_r, _e, id) => [{ type: 'User', id: `record-${id}` }, 'Dashboard'],
    }),
  }),
});

/** A user's public record as a creator and as an earner (GET /api/users/:id/record). */
export const useUserRecordQuery = recordApi.useUserRecordQuery;
