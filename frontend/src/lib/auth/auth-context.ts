import { createContext, useContext } from 'react';
import type { User } from '@/types/api';
import type { PasswordCredentials, Registration } from './auth-api';

/** The spec's session context: user (or null), a loading flag, an error, and login / logout / register. */
export interface AuthContextValue {
  user: User | null;
  isLoading: boolean;
  error: string | null;
  login(credentials: PasswordCredentials): Promise<User | null>;
  register(registration: Registration): Promise<User | null>;
  logout(): Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used within an AuthProvider');
  return ctx;
}
