import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes } from 'react-router';
import { Redirect } from '@/components/redirect';
import { PageSpinner } from '@/components/ui/page-spinner';
import { AppLayout } from './layout/app-layout';
import { LandingPage } from './routes/landing';
import { NotFoundPage } from './routes/not-found';
import { ProtectedRoute } from './routes/protected-route';

// Declarative routes (not the data router): its loaders/actions machinery would cost ~10 kB gzip of entry JS.
type PageModule = { Component: ComponentType };
/** Route path -> its page chunk's loader (one promise each), so the page the browser opened can load at startup. */
const loaders: Array<[RegExp, () => Promise<PageModule>]> = [];
const page = (path: RegExp, load: () => Promise<PageModule>): LazyExoticComponent<ComponentType> => {
  let loading: Promise<PageModule> | undefined;
  // A failed load is forgotten, so a failed preload does not fail the page: its render loads again.
  const once = () =>
    (loading ??= load().catch((e: unknown) => {
      loading = undefined;
      throw e;
    }));
  loaders.push([path, once]);
  return lazy(() => once().then((m) => ({ default: m.Component })));
};

const TasksPage = page(/^\/tasks\/?$/, () => import('./routes/tasks'));
const EscrowAuditPage = page(/^\/tasks\/[^/]+\/escrow\/?$/, () => import('./routes/escrow-audit'));
const LeaderboardPage = page(/^\/leaderboard\/?$/, () => import('./routes/leaderboard'));
const DashboardPage = page(/^\/dashboard\/?$/, () => import('./routes/dashboard'));
const ApprovalsPage = page(/^\/approvals\/?$/, () => import('./routes/approvals'));
const AdminPage = page(/^\/admin\/?$/, () => import('./routes/admin'));
const ProfilePage = page(/^\/profile\/?$/, () => import('./routes/profile'));
const PublicProfilePage = page(/^\/users\/[^/]+\/?$/, () => import('./routes/public-profile'));
const ExplorerPage = page(/^\/explorer(\/|$)/, () => import('./routes/explorer'));

/**
 * Starts loading the chunk of the page the browser opened (e.g. /tasks from a link or a bookmark) while the
 * entry chunk still runs, instead of after React's first render: it was the longest wait before /tasks painted.
 */
export function preloadPage(pathname: string): void {
  const [, load] = loaders.find(([path]) => path.test(pathname)) ?? [];
  void load?.().catch(() => undefined);
}

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
        <Route path="users/:userId" element={suspended(PublicProfilePage)} />
        <Route path="explorer" element={suspended(ExplorerPage)} />
        <Route path="explorer/:kind/:id" element={suspended(ExplorerPage)} />
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
