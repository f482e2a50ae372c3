import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazyPage } from './lazy-page';

function Heading() {
  return <h1>Available Tasks</h1>;
}

/** Renders the page under a Suspense boundary and counts how often its fallback (the page spinner) rendered. */
function renderPage(Page: ReturnType<typeof lazyPage>['Page']) {
  const seen = { fallback: 0 };
  function Fallback() {
    seen.fallback++;
    return <p>Loading</p>;
  }
  render(
    <Suspense fallback={<Fallback />}>
      <Page />
    </Suspense>,
  );
  return seen;
}

describe('lazyPage', () => {
  it('renders a page whose chunk has loaded in the first render, without its fallback (phone LCP on /tasks)', async () => {
    const { Page, load } = lazyPage(() => Promise.resolve({ Component: Heading }));
    await load();
    const seen = renderPage(Page);
    expect(screen.getByRole('heading', { name: 'Available Tasks' })).toBeTruthy();
    expect(seen.fallback).toBe(0);
  });

  it('shows the fallback while a page that was not preloaded loads, then the page', async () => {
    const { Page } = lazyPage(() => Promise.resolve({ Component: Heading }));
    const seen = renderPage(Page);
    expect(seen.fallback).toBeGreaterThan(0);
    expect(await screen.findByRole('heading', { name: 'Available Tasks' })).toBeTruthy();
  });

  it('forgets a failed load, so the next attempt loads the chunk again', async () => {
    let calls = 0;
    const { load } = lazyPage(() => (++calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve({ Component: Heading })));
    await expect(load()).rejects.toThrow('offline');
    await expect(load()).resolves.toEqual({ Component: Heading });
    expect(calls).toBe(2);
  });
});
