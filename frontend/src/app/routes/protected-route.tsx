import { Outlet } from 'react-router';
import { Redirect } from '@/components/redirect';
import { PageSpinner } from '@/components/ui/page-spinner';
import { useAuth } from '@/lib/auth/auth-context';

/** Spec: a spinner while the user record loads; the page when a user exists; otherwise a redirect to /. */
export function ProtectedRoute() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <PageSpinner label="Loading your account" />;
  if (!user) return <Redirect to="/" />;
  return <Outlet />;
}
