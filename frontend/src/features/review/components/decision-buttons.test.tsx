import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import ToasterView from '@/components/ui/toaster-view';
import { toaster } from '@/components/ui/toaster';
import { renderWithApp } from '@/testing/render';
import { AsViewer, testUser } from '@/testing/viewer';
import { DecisionButtons } from './decision-buttons';

const target = { id: 12, taskId: 4, userId: 7, task: { reward: 1500 } };

/** The network only: records each PATCH /api/submissions/:id and answers it. */
function serve() {
  const patches: Array<{ url: string; body: unknown }> = [];
  vi.stubGlobal('fetch', vi.fn(async (input: string | Request, init?: RequestInit) => {
    const req = typeof input === 'string' ? new Request(new URL(input, 'http://app.test'), init) : input;
    if (req.method === 'PATCH') {
      patches.push({ url: new URL(req.url).pathname, body: await req.json() });
      return Response.json({ id: 12, status: 'rejected' });
    }
    return Response.json({ message: 'Not found' }, { status: 404 });
  }));
  return patches;
}

function show(wallet: string | null) {
  return renderWithApp(
    <AsViewer user={testUser({ id: 1, isAdmin: true })} wallet={wallet}>
      <DecisionButtons target={target} />
      <ToasterView />
    </AsViewer>,
  );
}

describe('the decision on a flagged submission (issue 22)', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('rejects only with feedback, through the review endpoint', async () => {
    toaster.remove();
    const patches = serve();
    show('0xabc');
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(screen.getByText('Feedback is required to reject a submission.')).toBeTruthy();
    expect(patches).toEqual([]);
    fireEvent.change(screen.getByLabelText('Feedback for submission #12'), { target: { value: '  Copied from #9  ' } });
    expect(screen.queryByText('Feedback is required to reject a submission.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(patches).toEqual([{ url: '/api/submissions/12', body: { status: 'rejected', feedback: 'Copied from #9' } }]));
    expect(await screen.findByText('Submission rejected')).toBeTruthy();
  });

  it('approves with a connected wallet; without one it offers to connect, as the review dialog does', () => {
    serve();
    const withWallet = show('0xabc');
    expect(screen.getByRole('button', { name: 'Approve & Release 1,500 CENTS' })).toBeTruthy();
    withWallet.unmount();
    show(null);
    expect(screen.queryByRole('button', { name: /Approve/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Connect Wallet' })).toBeTruthy();
    expect(screen.getByText("You're an admin but need wallet connection to approve submissions.")).toBeTruthy();
  });
});
