import { Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { Redirect } from '@/components/redirect';
import { PageSpinner } from '@/components/ui/page-spinner';
import { lazyPage, type PageModule } from './lazy-page';
import { AppLayout } from './layout/app-layout';
import { LandingPage } from './routes/landing';
import { NotFoundPage } from './routes/not-found';
import { ProtectedRoute } from './routes/protected-route';

// Declarative routes (not the data router): its loaders/actions machinery would cost ~10 kB gzip of entry JS.
/** Route path -> its page chunk's loader, so the page the browser opened can load at startup. */
const loaders: Array<[RegExp, () => Promise<PageModule>]> = [];
const page = (path: RegExp, load: () => Promise<PageModule>) => {
  const lazy = lazyPage(load);
  loaders.push([path, lazy.load]);
  return lazy.Page;
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
 * Resolves once it has loaded (or failed; the page's render then loads it again), at once for a page in the entry.
 */
export function preloadPage(pathname: string): Promise<void> {
  const [, load] = loaders.find(([path]) => path.test(pathname)) ?? [];
  return load ? load().then(() => undefined, () => undefined) : Promise.resolve();
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
