import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A route page's module: the page component is its `Component` export. */
export type PageModule = { Component: ComponentType };

export interface LazyPage {
  /** The page as a React component (lazy: its chunk loads on first render unless `load` ran first). */
  Page: LazyExoticComponent<ComponentType>;
  /** Starts loading the chunk (one promise for all callers; a failed load is forgotten, so a later render retries). */
  load(): Promise<PageModule>;
}

/**
 * A lazily loaded route page that renders at once when its chunk has already loaded. React.lazy suspends on
 * its first render even then (a promise's callbacks run a tick later), and a suspended page is revealed after
 * a second render, no sooner than React's 300 ms fallback throttle: on a phone profile (4x CPU) the /tasks
 * heading painted ~0.8 s after the app's first paint (bench:web, mobileTasksLcpMs). A loaded module is
 * handed to React as an already-settled thenable, which React.lazy reads in the same render.
 */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let loading: Promise<PageModule> | undefined;
  let loaded: PageModule | undefined;
  const once = () =>
    (loading ??= load().then(
      (m) => (loaded = m),
      (e: unknown) => {
        loading = undefined;
        throw e;
      },
    ));
  const Page = lazy(() => {
    const ready = loaded;
    if (!ready) return once().then((m) => ({ default: m.Component }));
    // A thenable whose `then` calls back synchronously: React.lazy sees it settled before the render continues.
    const settled = { then: (resolve: (m: { default: ComponentType }) => void) => resolve({ default: ready.Component }) };
    return settled as unknown as Promise<{ default: ComponentType }>;
  });
  return { Page, load: once };
}
