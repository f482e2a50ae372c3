import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/**
 * Replaces the current entry with `to`. Not react-router's <Navigate>: in declarative mode its effect
 * returns navigate()'s promise, which React 19 then calls as a cleanup function on unmount (a crash).
 */
export function Redirect({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace: true });
  }, [navigate, to]);
  return null;
}
