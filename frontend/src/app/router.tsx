import { createBrowserRouter, Navigate } from 'react-router';
import { AppProviders } from './provider';
import { AppLayout } from './layout/app-layout';
import { LandingPage } from './routes/landing';
import { NotFoundPage } from './routes/not-found';
import { ProtectedRoute } from './routes/protected-route';

/**
 * Spec route map. The landing page is in the entry chunk (first paint); every other page is a lazy chunk
 * (`lazy` imports a module exporting `Component`).
 */
export function createRouter() {
  return createBrowserRouter([
    {
      element: <AppProviders />,
      children: [
        {
          element: <AppLayout />,
          children: [
            { index: true, element: <LandingPage /> },
            { path: 'auth', element: <Navigate to="/" replace /> },
            { path: 'tasks', lazy: () => import('./routes/tasks') },
            { path: 'tasks/:taskId/escrow', lazy: () => import('./routes/escrow-audit') },
            { path: 'leaderboard', lazy: () => import('./routes/leaderboard') },
            {
              element: <ProtectedRoute />,
              children: [
                { path: 'dashboard', lazy: () => import('./routes/dashboard') },
                { path: 'approvals', lazy: () => import('./routes/approvals') },
                { path: 'admin', lazy: () => import('./routes/admin') },
                { path: 'profile', lazy: () => import('./routes/profile') },
              ],
            },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ]);
}
