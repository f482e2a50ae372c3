import { api } from '@/lib/api';
import { authApi } from '@/lib/auth/auth-api';
import type { User } from '@/types/api';

export interface ProfileUpdate {
  bio: string | null;
  email: string | null;
  profileImage?: string;
}

/** The signed-in user's answers replace the current user (no refetch). */
async function storeCurrentUser(
  _arg: unknown,
  { dispatch, queryFulfilled }: { dispatch: (a: unknown) => unknown; queryFulfilled: Promise<{ data: User }> },
) {
  try {
    const { data } = await queryFulfilled;
    dispatch(authApi.util.upsertQueryData('currentUser', undefined, data));
  } catch {
    /* the caller shows the failure */
  }
}

export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateProfile: build.mutation<User, ProfileUpdate>({
      query: (body) => ({ url: '/api/user/update-profile', method: 'POST', body }),
      onQueryStarted: storeCurrentUser,
      invalidatesTags: ['Leaderboard'],
    }),
    /** Someone's public profile (GET /api/users/:id): the /users/:id page. */
    publicUser: build.query<User, number>({
      query: (id) => `/api/users/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'User', id }],
    }),
    uploadProfileImage: build.mutation<{ imageUrl: string }, File>({
      query: (file) => {
        const body = new FormData();
        body.append('image', file);
        return { url: '/api/user/upload-profile-image', method: 'POST', body };
      },
    }),
  }),
});

export const { useUpdateProfileMutation, useUploadProfileImageMutation, usePublicUserQuery } = profileApi;
