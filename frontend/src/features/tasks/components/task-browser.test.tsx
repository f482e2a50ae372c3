import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import ToasterView from '@/components/ui/toaster-view';
import { renderWithApp } from '@/testing/render';
import { TaskBrowser } from './task-browser';

const page = (n: number, total: number, nextCursor: string | null = null) => ({
  items: Array.from({ length: n }, (_, i) => ({
    id: i + 1, title: `Task ${i + 1}`, description: 'D', requirements: 'R', category: 'Design', creatorId: 1, reward: 100,
    maxCompletions: 5, completions: 0, totalSubmissions: 0, estimatedTime: 10, deadline: '2027-01-01T00:00:00Z',
    submissionType: 'text', isActive: true, contractAddress: null, createdAt: '2026-11-01T00:00:00Z',
  })),
  nextCursor,
  total,
});

/** The network only: every request URL is recorded, answers are pages of the requested size. */
function serve(answer: (url: URL) => Response) {
  const urls: URL[] = [];
  vi.stubGlobal('fetch', vi.fn(async (input: string) => {
    const url = new URL(input, 'http://app.test');
    urls.push(url);
    return answer(url);
  }));
  return urls;
}

describe('TaskBrowser: URL -> server query, results line, empty and error states', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the URL filters to the server and shows "(filtered from N total)" with badges', async () => {
    const urls = serve((u) => Response.json(u.searchParams.get('limit') === '1' ? page(1, 40) : page(2, 2)));
    renderWithApp(<TaskBrowser onOpenTask={() => undefined} />, { url: '/tasks?q=logo&category=Design&sort=reward-low&min=100' });
    await screen.findByText('Task 2');
    const list = urls.find((u) => u.searchParams.get('limit') === '24')!;
    expect(Object.fromEntries(list.searchParams)).toEqual({ search: 'logo', category: 'Design', sort: 'reward-low', minReward: '100', available: 'true', limit: '24' });
    const total = urls.find((u) => u.searchParams.get('limit') === '1')!;
    expect(Object.fromEntries(total.searchParams)).toEqual({ sort: 'reward-low', available: 'true', limit: '1' });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('2 tasks found (filtered from 40 total)'));
    const chips = screen.getByRole('list', { name: 'Active filters' });
    expect(chips.textContent).toBe('Search: logoDesignReward: from 100 CENTSAvailable onlyClear all');
    expect(screen.getByRole('button', { name: 'Filters, 2 active' })).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Category' }) as HTMLSelectElement).value).toBe('Design');
    expect((screen.getByRole('combobox', { name: 'Sort' }) as HTMLSelectElement).value).toBe('reward-low');
  });

  it('writes a changed filter into the URL (replacing, not pushing) and asks the server again', async () => {
    const urls = serve(() => Response.json(page(1, 1)));
    const { location } = renderWithApp(<TaskBrowser onOpenTask={() => undefined} />, { url: '/tasks' });
    await screen.findByText('Task 1');
    expect(screen.getByRole('status').textContent).toBe('1 task found');
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort' }), { target: { value: 'deadline' } });
    await waitFor(() => expect(location.current?.search).toBe('?sort=deadline'));
    await waitFor(() => expect(urls.some((u) => u.searchParams.get('sort') === 'deadline')).toBe(true));
  });

  it('debounces the search box: one request for a burst of typing', async () => {
    const urls = serve(() => Response.json(page(0, 0)));
    const { location } = renderWithApp(<TaskBrowser onOpenTask={() => undefined} />, { url: '/tasks' });
    await screen.findByText('No Tasks Found');
    expect(screen.getByText('No tasks are currently available. Check back later!')).toBeTruthy();
    const box = screen.getByRole('searchbox', { name: 'Search tasks' });
    for (const text of ['b', 'ba', 'ban', 'bann']) fireEvent.change(box, { target: { value: text } });
    await waitFor(() => expect(location.current?.search).toBe('?q=bann'));
    await screen.findByText('Try adjusting your filters to see more tasks.');
    expect(urls.filter((u) => u.searchParams.has('search')).map((u) => u.searchParams.get('search'))).toEqual(['bann']);
  });

  it('pages with the cursor on "Load more tasks"', async () => {
    const urls = serve((u) => Response.json(u.searchParams.get('cursor') ? { ...page(1, 25), items: [{ ...page(1, 25).items[0], id: 99, title: 'Task 25' }] } : page(24, 25, 'c24')));
    renderWithApp(<TaskBrowser onOpenTask={() => undefined} />, { url: '/tasks' });
    await screen.findByText('Task 24');
    fireEvent.click(screen.getByRole('button', { name: 'Load more tasks' }));
    await screen.findByText('Task 25');
    expect(urls.at(-1)!.searchParams.get('cursor')).toBe('c24');
    expect(screen.queryByRole('button', { name: 'Load more tasks' })).toBeNull();
  });

  it('shows "Unable to Load Tasks" when the server fails', async () => {
    serve(() => new Response('boom', { status: 500 }));
    renderWithApp(<TaskBrowser onOpenTask={() => undefined} />, { url: '/tasks' });
    await screen.findByText('Unable to Load Tasks');
    expect(screen.getByText('There was an error loading the task data. Please try again later.')).toBeTruthy();
  });

  it('shows a chip for every active filter: removing one or "Clear all" brings the tasks back', async () => {
    const urls = serve((u) => Response.json(u.searchParams.has('minReward') || u.searchParams.has('available') ? page(0, 0) : page(3, 3)));
    const { location } = renderWithApp(<TaskBrowser onOpenTask={() => undefined} />, { url: '/tasks?min=5000&category=Design' });
    await screen.findByText('No Tasks Found');
    expect(screen.getByRole('list', { name: 'Active filters' }).textContent).toBe('DesignReward: from 5,000 CENTSAvailable onlyClear all');
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter Reward: from 5,000 CENTS' }));
    await waitFor(() => expect(location.current?.search).toBe('?category=Design'));
    fireEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(location.current?.search).toBe('?available=false'));
    await screen.findByText('Task 3');
    expect(screen.queryByRole('list', { name: 'Active filters' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Filters' })).toBeTruthy();
    expect(urls.at(-1)!.searchParams.has('available')).toBe(false);
  });

  it('scales the reward slider to the listed rewards and takes typed values', { timeout: 30_000 }, async () => {
    const urls = serve((u) => {
      const sort = u.searchParams.get('sort');
      if (u.searchParams.get('limit') === '1' && (sort === 'reward-low' || sort === 'reward-high')) {
        return Response.json({ ...page(1, 9), items: [{ ...page(1, 9).items[0], reward: sort === 'reward-low' ? 30 : 300 }] });
      }
      return Response.json(page(2, 2));
    });
    // The toaster's region is the drawer's persistent element (it waits for it), as in the app.
    const { location } = renderWithApp(<><TaskBrowser onOpenTask={() => undefined} /><ToasterView /></>, { url: '/tasks' });
    await screen.findByText('Task 2');
    fireEvent.click(screen.getByRole('button', { name: 'Filters, 1 active' }));
    // Generous waits: the drawer's first render is slow on a loaded 2-core machine.
    await screen.findByText('Listed tasks pay 30–300 CENTS.', {}, { timeout: 10_000 });
    const [lo, hi] = screen.getAllByRole('slider', { hidden: true });
    expect([lo.getAttribute('aria-valuemin'), lo.getAttribute('aria-valuenow'), hi.getAttribute('aria-valuemax'), hi.getAttribute('aria-valuenow')]).toEqual(['30', '30', '300', '300']);
    const max = screen.getByRole('spinbutton', { name: 'Max reward' });
    fireEvent.change(max, { target: { value: '120' } });
    fireEvent.keyDown(max, { key: 'Enter' });
    await waitFor(() => expect(location.current?.search).toBe('?max=120'), { timeout: 10_000 });
    await waitFor(() => expect(urls.some((u) => u.searchParams.get('maxReward') === '120')).toBe(true), { timeout: 10_000 });
    expect(screen.getByRole('list', { name: 'Active filters', hidden: true }).textContent).toContain('Reward: up to 120 CENTS');
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText('Listed tasks pay 30–300 CENTS.')).toBeNull());
  });
});
