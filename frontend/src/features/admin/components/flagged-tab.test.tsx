import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { formatDateTime } from '@/lib/dates';
import { renderWithApp } from '@/testing/render';
import type { PublicConfig } from '@/types/api';
import type { FlaggedSubmission } from '../api';
import { FlaggedTab } from './flagged-tab';

const WALLET = '0x1234567890abcdef1234567890abcdef12345678';
const NOW = Date.parse('2026-11-26T10:00:00.000Z');

const flagged = (over: Partial<FlaggedSubmission> = {}): FlaggedSubmission => ({
  submissionId: 12, taskId: 4, taskTitle: 'Write a thread', userId: 7, username: 'alice', walletAddress: WALLET, reward: 1500,
  reason: "duplicate proof: Copy of another user's text", flaggedAt: '2026-11-26T09:00:00.000Z', reviewDeadline: '2026-11-29T09:00:00.000Z',
  decideBy: new Date(NOW + 26 * 3600_000 + 120_000).toISOString(), timeLeftSeconds: 26 * 3600 + 120,
  evidence: {
    flag: "duplicate proof: Copy of another user's text", validated: true, riskLevel: 'high', highRisk: true, confidence: 0.9, qualityScore: 35,
    signals: [{ code: 'duplicate_text', label: "Copy of another user's text", kind: 'duplicate proof', score: 0.834, related: [{ submissionId: 9, taskId: 4 }] }],
  },
  ...over,
});

const config = { chainId: 31337, explorerUrl: 'https://explorer.example', links: {} } as unknown as PublicConfig;

/** The network only: the queue answers `queue` (or fails with `status`), the clock NOW, the config an explorer. */
function serve(queue: { items: FlaggedSubmission[] } | { status: number }) {
  vi.stubGlobal('fetch', vi.fn(async (input: string | Request) => {
    const path = new URL(typeof input === 'string' ? input : input.url, 'http://app.test').pathname;
    if (path === '/api/admin/review-queue') {
      return 'status' in queue ? Response.json({ message: 'Database unavailable' }, { status: queue.status })
        : Response.json({ now: new Date(NOW).toISOString(), ...queue });
    }
    if (path === '/api/clock') return Response.json({ now: new Date(NOW).toISOString() });
    if (path === '/api/config') return Response.json(config);
    return Response.json({ message: 'Not found' }, { status: 404 });
  }));
}

describe("the admins' flagged queue (issue 22)", { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('loads, then shows each flagged submission: task, submitter with full wallet, evidence, time left and the decision', async () => {
    serve({ items: [flagged()] });
    const onReview = vi.fn();
    renderWithApp(<FlaggedTab onReview={onReview} actions={(f) => <button type="button">Decide #{f.submissionId}</button>} />);
    expect(screen.getByLabelText('Loading flagged submissions')).toBeTruthy();

    const card = within(await screen.findByRole('listitem', { name: 'Submission #12 on Write a thread' }));
    expect(screen.getByText(/^1 flagged submission, soonest cut-off first/)).toBeTruthy();
    expect(card.getByText('Write a thread · submission #12')).toBeTruthy();
    expect(card.getByText('1,500 CENTS')).toBeTruthy();
    expect(card.getByText('alice')).toBeTruthy();
    // The full wallet, with copy and the explorer's page.
    const wallet = await card.findByRole('link', { name: `Submitter's wallet ${WALLET}` });
    expect(wallet.textContent).toBe(WALLET);
    expect(wallet.getAttribute('href')).toBe(`https://explorer.example/address/${WALLET}`);
    expect(card.getByRole('button', { name: 'Copy address' })).toBeTruthy();
    // The evidence: the flag, the risk, the signal with its score and the submission it copies.
    const evidence = within(card.getByRole('region', { name: 'Spam guard evidence' }));
    expect(evidence.getByText('Flagged: admins review it')).toBeTruthy();
    expect(evidence.getByText("duplicate proof: Copy of another user's text")).toBeTruthy();
    expect(evidence.getByText('Risk: high')).toBeTruthy();
    expect(evidence.getByText("Copy of another user's text")).toBeTruthy();
    expect(evidence.getByText('83 % match')).toBeTruthy();
    fireEvent.click(evidence.getByRole('button', { name: 'Open submission #9 (task #4)' }));
    expect(onReview).toHaveBeenLastCalledWith(9);
    // Time left until the cut-off, on the app's clock.
    expect(await card.findByText('1 day 2 hours left')).toBeTruthy();
    expect(card.getByText(`until the review cut-off, ${formatDateTime(flagged().decideBy)}`)).toBeTruthy();
    fireEvent.click(card.getByRole('button', { name: 'Open submission' }));
    expect(onReview).toHaveBeenLastCalledWith(12);
    expect(card.getByRole('button', { name: 'Decide #12' })).toBeTruthy();
  });

  it('names a submitter without a username or wallet plainly', async () => {
    serve({ items: [flagged({ username: null, walletAddress: null })] });
    renderWithApp(<FlaggedTab onReview={() => undefined} />);
    const card = within(await screen.findByRole('listitem', { name: 'Submission #12 on Write a thread' }));
    expect(card.getByText('User 7')).toBeTruthy();
    expect(card.getByText('No wallet linked')).toBeTruthy();
  });

  it('says when nothing is flagged', async () => {
    serve({ items: [] });
    renderWithApp(<FlaggedTab onReview={() => undefined} />);
    expect(await screen.findByText('No flagged submissions')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Flagged submissions' })).toBeNull();
  });

  it('says when the queue cannot be loaded, and tries again on request', async () => {
    serve({ status: 503 });
    renderWithApp(<FlaggedTab onReview={() => undefined} />);
    expect(await screen.findByText('Failed to load flagged submissions.')).toBeTruthy();
    serve({ items: [flagged()] });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Write a thread · submission #12')).toBeTruthy();
  });
});
