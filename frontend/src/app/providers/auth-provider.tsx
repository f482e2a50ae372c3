import { useCallback, useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { toaster } from '@/components/ui/toaster';
import { errorText } from '@/lib/http-error';
import { authApi, type PasswordCredentials, type Registration } from '@/lib/auth/auth-api';
import { AuthContext, type AuthContextValue } from '@/lib/auth/auth-context';

/** Holds the session (GET /api/user; a 401 means signed out) and the spec's session toasts. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const me = authApi.useCurrentUserQuery();
  const [loginCall] = authApi.useLoginMutation();
  const [registerCall] = authApi.useRegisterMutation();
  const [logoutCall] = authApi.useLogoutMutation();

  const login = useCallback(
    async (credentials: PasswordCredentials) => {
      try {
        const user = await loginCall(credentials).unwrap();
        toaster.create({ type: 'success', title: 'Login successful', description: 'Welcome back to CENT Tasks!' });
        return user;
      } catch (e) {
        toaster.create({ type: 'error', title: 'Login failed', description: errorText(e, 'Login failed') });
        return null;
      }
    },
    [loginCall],
  );

  const register = useCallback(
    async (registration: Registration) => {
      try {
        const user = await registerCall(registration).unwrap();
        toaster.create({
          type: 'success',
          title: 'Registration successful',
          description: 'Welcome to CENT Tasks! Connect your wallet to start earning.',
        });
        return user;
      } catch (e) {
        toaster.create({ type: 'error', title: 'Registration failed', description: errorText(e, 'Registration failed') });
        return null;
      }
    },
    [registerCall],
  );

  const logout = useCallback(async () => {
    try {
      await logoutCall().unwrap();
      toaster.create({ type: 'success', title: 'Logged out successfully' });
      navigate('/');
    } catch (e) {
      toaster.create({ type: 'error', title: 'Logout failed', description: errorText(e, 'Logout failed') });
    }
  }, [logoutCall, navigate]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user: me.data ?? null,
      isLoading: me.isLoading,
      error: me.error ? errorText(me.error, 'Failed to load user') : null,
      login,
      register,
      logout,
    }),
    [me.data, me.isLoading, me.error, login, register, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
