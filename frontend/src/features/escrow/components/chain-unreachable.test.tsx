import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { formatDateTime } from '@/lib/dates';
import { renderWithApp } from '@/testing/render';
import { AsViewer, testUser } from '@/testing/viewer';
import type { Task } from '@/types/api';
import type { EscrowAudit } from '@/types/escrow';
import { EscrowAuditView } from './escrow-audit-view';
import { RefundCard } from './refund-card';

const SEEN_AT = '2026-11-25T15:04:05.000Z';

/** The escrow view the backend answers while the chain does not (backend/src/escrow: chain unreachable). */
const unreachable = (taskId: number): EscrowAudit => ({
  taskId, chainId: 31337, escrowAddress: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512', escrowUrl: null, tokenAddress: null,
  headBlock: null, confirmationsRequired: 0, onChain: null,
  chainError: `Chain unreachable, last block seen 4242 at ${SEEN_AT}`, lastBlockSeen: 4242, lastBlockSeenAt: SEEN_AT,
  app: { fundingStatus: 'funded', escrowAmount: '6000000000000000000', releasedAmount: '0', refundedAmount: '0', paidCount: 0, anomalies: [], strangerEscrows: 0 },
  consistent: false, differences: [], events: [], payouts: [],
});

/** The network only: GET /api/tasks/:id/escrow answers the view above. */
function serveEscrow() {
  vi.stubGlobal('fetch', vi.fn(async (input: string | Request) => {
    const url = new URL(typeof input === 'string' ? input : input.url, 'http://app.test');
    const m = /^\/api\/tasks\/(\d+)\/escrow$/.exec(url.pathname);
    return m ? Response.json(unreachable(Number(m[1]))) : Response.json({ message: 'Not found' }, { status: 404 });
  }));
}

const shown = `Chain unreachable, last block seen 4242 at ${formatDateTime(SEEN_AT)}`;

describe('while the chain is unreachable, the escrow screens say since which block', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('the audit page: a warning naming the last block seen and when, next to what the app records', async () => {
    serveEscrow();
    renderWithApp(<EscrowAuditView taskId={7} />);
    expect((await screen.findByTestId('chain-unreachable')).textContent).toBe(shown);
    expect(screen.getByText('Chain and app differ')).toBeTruthy();
    // The chain's side is unknown, not zero; the app's side still shows.
    const onChain = screen.getByTestId('on-chain').textContent!;
    expect(onChain).not.toMatch(/\d CENT/);
    expect(screen.getByText('6 CENT')).toBeTruthy();
    expect(screen.getByText('The chain could not be read, so its events are not shown.')).toBeTruthy();
  });

  it("the creator's refund card: the same words, and no Refund button while the escrow's state is unknown", async () => {
    serveEscrow();
    const task = { id: 7, title: 'T', creatorId: 3, fundingStatus: 'funded', funding: { status: 'funded', escrowKey: '0x' + '11'.repeat(32), refundableAt: '2020-01-01T00:00:00.000Z' } } as unknown as Task;
    renderWithApp(
      <AsViewer user={testUser({ id: 3 })} wallet="0xabc">
        <RefundCard task={task} />
      </AsViewer>,
    );
    expect((await screen.findByTestId('chain-unreachable')).textContent).toBe(shown);
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
  });
});
