import { api } from '@/lib/api';
import type { User } from '@/types/api';

export interface PasswordCredentials {
  username: string;
  password: string;
}
export interface Registration extends PasswordCredentials {
  email?: string;
}
export interface Web3Login {
  walletAddress: string;
  signature: string;
  message: string;
}
export type Web3LoginAnswer = User & { isFirstLogin: boolean };

/**
 * Session endpoints. A successful sign-in stores the answered user as the current user (no refetch);
 * every sign-in or sign-out also drops what was read for the previous viewer (their submissions, dashboard...).
 */
export const authApi = api.injectEndpoints({
  endpoints: (build) => {
    const signIn = async (_arg: unknown, { dispatch, queryFulfilled }: { dispatch: (a: unknown) => unknown; queryFulfilled: Promise<{ data: User }> }) => {
      try {
        const { data } = await queryFulfilled;
        dispatch(authApi.util.upsertQueryData('currentUser', undefined, stripFirstLogin(data)));
        dispatch(authApi.util.invalidateTags(['Submission', 'Dashboard', 'Task', 'Admin', 'Notification']));
      } catch {
        /* the caller shows the failure */
      }
    };
    return {
      currentUser: build.query<User | null, void>({
        query: () => ({ url: '/api/user', nullOn401: true }),
        providesTags: [{ type: 'User', id: 'ME' }],
        keepUnusedDataFor: Infinity,
      }),
      login: build.mutation<User, PasswordCredentials>({
        query: (body) => ({ url: '/api/login', method: 'POST', body }),
        onQueryStarted: signIn,
      }),
      register: build.mutation<User, Registration>({
        query: (body) => ({ url: '/api/register', method: 'POST', body }),
        onQueryStarted: signIn,
      }),
      web3Login: build.mutation<Web3LoginAnswer, Web3Login>({
        query: (body) => ({ url: '/api/auth/web3', method: 'POST', body }),
        onQueryStarted: signIn,
      }),
      challenge: build.mutation<{ message: string }, string>({
        query: (address) => `/api/auth/challenge?address=${encodeURIComponent(address)}`,
      }),
      logout: build.mutation<void, void>({
        query: () => ({ url: '/api/logout', method: 'POST' }),
        async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
          try {
            await queryFulfilled;
            dispatch(api.util.resetApiState());
            dispatch(authApi.util.upsertQueryData('currentUser', undefined, null));
          } catch {
            /* the caller shows the failure */
          }
        },
      }),
      updateUsername: build.mutation<User, { username: string }>({
        query: (body) => ({ url: '/api/user/update-username', method: 'POST', body }),
        async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
          try {
            const { data } = await queryFulfilled;
            dispatch(authApi.util.upsertQueryData('currentUser', undefined, data));
          } catch {
            /* the caller shows the failure */
          }
        },
      }),
      /** Links a wallet to the signed-in user; a new wallet needs a signed challenge (signature + message). */
      linkWallet: build.mutation<User, { walletAddress: string; signature?: string; message?: string }>({
        query: (body) => ({ url: '/api/wallet', method: 'POST', body }),
        async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
          try {
            const { data } = await queryFulfilled;
            if (data && typeof data === 'object' && 'id' in data) dispatch(authApi.util.upsertQueryData('currentUser', undefined, data));
          } catch {
            /* the caller decides */
          }
        },
      }),
    };
  },
});

function stripFirstLogin(u: User & { isFirstLogin?: boolean }): User {
  const { isFirstLogin: _ignored, ...user } = u;
  return user;
}
