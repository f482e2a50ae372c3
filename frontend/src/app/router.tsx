import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes } from 'react-router';
import { Redirect } from '@/components/redirect';
import { PageSpinner } from '@/components/ui/page-spinner';
import { AppLayout } from './layout/app-layout';
import { LandingPage } from './routes/landing';
import { NotFoundPage } from './routes/not-found';
import { ProtectedRoute } from './routes/protected-route';

// Declarative routes (not the data router): its loaders/actions machinery would cost ~10 kB gzip of entry JS.
const page = (load: () => Promise<{ Component: ComponentType }>): LazyExoticComponent<ComponentType> =>
  lazy(() => load().then((m) => ({ default: m.Component })));

const TasksPage = page(() => import('./routes/tasks'));
const EscrowAuditPage = page(() => import('./routes/escrow-audit'));
const LeaderboardPage = page(() => import('./routes/leaderboard'));
const DashboardPage = page(() => import('./routes/dashboard'));
const ApprovalsPage = page(() => import('./routes/approvals'));
const AdminPage = page(() => import('./routes/admin'));
const ProfilePage = page(() => import('./routes/profile'));

const suspended = (Page: ComponentType) => (
  <Suspense fallback={<PageSpinner />}>
    <Page />
  </Suspense>
);

/** The spec's route map. The landing page is in the entry chunk (first paint); every other page is lazy. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<LandingPage />} />
        <Route path="auth" element={<Redirect to="/" />} />
        <Route path="tasks" element={suspended(TasksPage)} />
        <Route path="tasks/:taskId/escrow" element={suspended(EscrowAuditPage)} />
        <Route path="leaderboard" element={suspended(LeaderboardPage)} />
        <Route element={<ProtectedRoute />}>
          <Route path="dashboard" element={suspended(DashboardPage)} />
          <Route path="approvals" element={suspended(ApprovalsPage)} />
          <Route path="admin" element={suspended(AdminPage)} />
          <Route path="profile" element={suspended(ProfilePage)} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
