import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithApp } from '@/testing/render';
import type { Task } from '@/types/api';
import { TaskCard } from './task-card';

const task = (over: Partial<Task> = {}): Task => ({
  id: 3, title: 'Write a thread', description: 'See https://example.com/guide. Thanks', requirements: 'R', category: 'Content',
  creatorId: 1, reward: 1500, maxCompletions: 5, completions: 0, totalSubmissions: 0, estimatedTime: 45,
  deadline: new Date(2025, 0, 5, 12).toISOString(), submissionType: 'text', isActive: true, contractAddress: null,
  createdAt: new Date(2024, 11, 1).toISOString(), ...over,
});

const card = () => screen.getByRole('article', { name: 'Write a thread' });

describe('TaskCard', () => {
  it("shows the creator's record in one short line, or New creator (issue 22)", () => {
    const { unmount } = renderWithApp(<TaskCard task={task({ creatorRecord: { reviewed: 25, approved: 23, medianReviewMs: 6 * 3600_000 } })} onOpen={() => undefined} />);
    expect(within(card()).getByText('Reviews in ~6 h · 92 % approved')).toBeTruthy();
    unmount();
    renderWithApp(<TaskCard task={task({ creatorRecord: null })} onOpen={() => undefined} />);
    expect(within(card()).getByText('New creator')).toBeTruthy();
  });

  it('shows the fields, a clickable external link, the deadline as MMM dd, yyyy and opens by id', () => {
    const onOpen = vi.fn();
    renderWithApp(<TaskCard task={task({ totalSubmissions: 2 })} onOpen={onOpen} />);
    const c = within(card());
    expect(c.getByText('Content')).toBeTruthy();
    expect(c.getByText('1,500 CENTS')).toBeTruthy();
    expect(c.getByText('45 min')).toBeTruthy();
    expect(c.getByText('Jan 05, 2025')).toBeTruthy();
    const link = c.getByRole('link', { name: 'https://example.com/guide' });
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(c.getByText('0/5 completed · 3 slots remaining')).toBeTruthy();
    fireEvent.click(c.getByRole('button', { name: 'View Details' }));
    expect(onOpen).toHaveBeenCalledWith(3);
  });

  it('Completed: COMPLETED and a disabled "Task Complete" button', () => {
    renderWithApp(<TaskCard task={task({ completions: 5, totalSubmissions: 5 })} onOpen={() => undefined} />);
    const c = within(card());
    expect(c.getByText('COMPLETED')).toBeTruthy();
    expect((c.getByRole('button', { name: 'Task Complete' }) as HTMLButtonElement).disabled).toBe(true);
    expect(c.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
  });

  it('Full (n/max) when submissions fill every slot', () => {
    renderWithApp(<TaskCard task={task({ completions: 2, totalSubmissions: 5 })} onOpen={() => undefined} />);
    expect(within(card()).getByText('Full (5/5)')).toBeTruthy();
    expect((within(card()).getByRole('button', { name: 'View Details' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('Almost Full with a pulsing bar from 80 % approved', () => {
    renderWithApp(<TaskCard task={task({ completions: 4, totalSubmissions: 4, maxCompletions: 5 })} onOpen={() => undefined} />);
    // 4 of 5 submitted is not full; 80 % approved is almost full.
    expect(within(card()).getByText('Almost Full')).toBeTruthy();
    expect(within(card()).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('80');
  });
});
