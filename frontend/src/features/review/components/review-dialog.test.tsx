import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { Dialog } from '@chakra-ui/react';
import ToasterView from '@/components/ui/toaster-view';
import { toaster } from '@/components/ui/toaster';
import { renderWithApp } from '@/testing/render';
import { AsViewer, testUser } from '@/testing/viewer';
import type { User } from '@/types/api';
import type { ReviewedSubmission } from '../api';
import { ReviewBody } from './review-dialog';
import { DialogRoot } from '@/components/ui/dialog';

const submission = (over: Partial<ReviewedSubmission> = {}): ReviewedSubmission => ({
  id: 12, taskId: 4, userId: 7, proofLink: 'https://example.org/post', proofText: 'Did it', proofFileUrl: '/api/uploads/abc.png',
  notes: 'see link', status: 'pending', reviewedBy: null, reviewNotes: null, reviewedAt: null, transactionHash: null,
  aiValidated: false, payoutStatus: null, payoutError: null, createdAt: '2026-11-20T10:00:00.000Z',
  task: { id: 4, title: 'Write a thread', category: 'Content', reward: 1500, creatorId: 3 }, ...over,
});

function show(s: ReviewedSubmission, user: User | null, wallet: string | null = null) {
  return renderWithApp(
    <AsViewer user={user} wallet={wallet}>
      <DialogRoot open>
        <Dialog.Content>
          <ReviewBody submission={s} onClose={() => undefined} />
        </Dialog.Content>
      </DialogRoot>
      <ToasterView />
    </AsViewer>,
  );
}

// The first render of the Chakra dialog is slow on a loaded 2-core machine: a generous per-test limit.
describe('ReviewBody', { timeout: 30_000 }, () => {
  it('shows the task, the submitter, the proof badges, link, text, image and notes', async () => {
    show(submission(), testUser({ id: 3 }), '0xabc');
    expect(await screen.findByText('Write a thread')).toBeTruthy();
    expect(screen.getByText('1,500 CENTS')).toBeTruthy();
    expect(screen.getByText(/User 7/)).toBeTruthy();
    for (const b of ['Link', 'Text', 'File']) expect(screen.getAllByText(b).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'https://example.org/post' })).toBeTruthy();
    expect(screen.getByAltText('Submitted proof image').getAttribute('src')).toBe('/api/uploads/abc.png');
    expect(screen.getByText('see link')).toBeTruthy();
  });

  it('shows the reviewer who submitted: name, avatar, full wallet, their record; the proof image opens full size (issue 22)', async () => {
    const wallet = '0x1234567890abcdef1234567890abcdef12345678';
    show(submission({ submitter: { id: 7, username: 'alice', profileImage: '/api/uploads/face.png', walletAddress: wallet,
      record: { submissions: 12, approved: 9, rejected: 1, earned: 4500 } } }), testUser({ id: 3 }), '0xabc');
    expect(await screen.findByText('Submitted by alice')).toBeTruthy();
    expect(screen.getByAltText("alice's profile picture").getAttribute('src')).toBe('/api/uploads/face.png');
    expect(screen.getByTitle(wallet)).toBeTruthy();
    const record = within(screen.getByLabelText("Submitter's record"));
    expect(record.getByText('12')).toBeTruthy();
    expect(record.getByText('90 % (9 of 10 decided)')).toBeTruthy();
    expect(record.getByText('4,500 CENTS')).toBeTruthy();
    const full = screen.getByRole('link', { name: 'Open full size: the proof image' });
    expect(full.getAttribute('href')).toBe('/api/uploads/abc.png');
    expect(full.getAttribute('target')).toBe('_blank');
  });

  it('lets the creator with a wallet approve or reject', async () => {
    show(submission(), testUser({ id: 3 }), '0xabc');
    const approve = await screen.findByRole('button', { name: 'Approve & Release 1,500 CENTS' });
    expect((approve as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByPlaceholderText('Provide feedback to the submitter (required for rejection)')).toBeTruthy();
    expect(screen.queryByText("You're viewing this submission in read-only mode.")).toBeNull();
  });

  it('refuses a rejection without feedback with the spec toast', async () => {
    show(submission(), testUser({ id: 3 }), '0xabc');
    fireEvent.click(await screen.findByRole('button', { name: 'Reject Submission' }));
    expect(await screen.findByText('Feedback required')).toBeTruthy();
    expect(screen.getByText('Please provide feedback explaining why this submission is being rejected.')).toBeTruthy();
  });

  it('lets the reviewer request changes, with feedback required (issue 22)', async () => {
    toaster.remove(); // one toast at a time: an earlier test's would hide this one
    show(submission(), testUser({ id: 3 }), null);
    // No wallet is needed to ask for a revision (nothing is paid).
    const ask = await screen.findByRole('button', { name: 'Request Changes' });
    expect((ask as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(ask);
    expect(await screen.findByText('Feedback required')).toBeTruthy();
    expect(await screen.findByText('Please explain what the earner should change.')).toBeTruthy();
  });

  it('shows a submission waiting for its revision as such, with the feedback and the time to resubmit', async () => {
    show(submission({ status: 'changes_requested', reviewNotes: 'Add the link', reviewedBy: 3, reviewedAt: '2026-11-20T11:00:00.000Z',
      resubmitBy: '2026-11-22T11:00:00.000Z' }), testUser({ id: 3 }), '0xabc');
    expect(await screen.findByText('Changes were requested on this submission')).toBeTruthy();
    expect(screen.getByText('Add the link')).toBeTruthy();
    expect(screen.getByText(/Resubmit by/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Request Changes' })).toBeNull();
  });

  it('lets the earner revise and resubmit, and shows the revision history (issue 22)', async () => {
    show(submission({ status: 'changes_requested', reviewNotes: 'Add the link', resubmitBy: new Date(Date.now() + 47 * 3600_000 + 60_000).toISOString(),
      revisions: [{ round: 1, feedback: 'Add the link', requestedBy: 3, requestedAt: '2026-11-20T11:00:00.000Z', resubmitBy: '2026-11-22T11:00:00.000Z',
        previous: null, proof: null, changed: [], resubmittedAt: null }] }), testUser({ id: 7 }), null);
    const form = within(await screen.findByRole('form', { name: 'Revise and resubmit' }));
    expect(form.getByText(/1 day 23 hours left/)).toBeTruthy();
    expect((form.getByLabelText('Proof text') as HTMLTextAreaElement).value).toBe('Did it');
    expect(form.getByRole('button', { name: 'Resubmit' })).toBeTruthy();
    const history = within(screen.getByRole('region', { name: 'Revision history' }));
    expect(history.getByText('Waiting for the revision (due ' + new Date('2026-11-22T11:00:00.000Z').toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' }) + ')')).toBeTruthy();
  });

  it('offers the earner an appeal with the time left, or says no slot is free', async () => {
    const until = new Date(Date.now() + 71 * 3600_000 + 60_000).toISOString();
    const first = show(submission({ status: 'rejected', reviewNotes: 'No link', appealUntil: until, slotFree: true }), testUser({ id: 7 }), null);
    const appeal = within(await screen.findByRole('region', { name: 'Appeal' }));
    expect(appeal.getByText(/2 days 23 hours left/)).toBeTruthy();
    expect(appeal.getByText('A slot is free: an open appeal holds it for you.')).toBeTruthy();
    expect((appeal.getByRole('button', { name: 'Appeal' }) as HTMLButtonElement).disabled).toBe(false);
    first.unmount();
    show(submission({ status: 'rejected', reviewNotes: 'No link', appealUntil: until, slotFree: false }), testUser({ id: 7 }), null);
    const full = within(await screen.findByRole('region', { name: 'Appeal' }));
    expect(full.getByText(/No slot is free on this task right now/)).toBeTruthy();
    expect((full.getByRole('button', { name: 'Appeal' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('disables Approve for a reviewer without a wallet; an admin is told why', async () => {
    show(submission(), testUser({ id: 1, isAdmin: true }), null);
    expect(await screen.findByText("You're an admin but need wallet connection to approve submissions.")).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Approve & Release 1,500 CENTS' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'AI Validate' })).toBeTruthy();
  });

  it('is read-only for someone who is neither admin nor creator', async () => {
    show(submission(), testUser({ id: 7 }), '0xabc');
    expect(await screen.findByText("You're viewing this submission in read-only mode.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Approve/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject Submission' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'AI Validate' })).toBeNull();
  });

  it('shows a decision with its notes, reviewer and date and no actions', async () => {
    show(
      submission({ status: 'rejected', reviewNotes: 'Link is broken', reviewedBy: 3, reviewedAt: '2026-11-21T09:00:00.000Z' }),
      testUser({ id: 3 }),
      '0xabc',
    );
    expect(await screen.findByText('This submission was rejected')).toBeTruthy();
    expect(screen.getByText('Link is broken')).toBeTruthy();
    expect(screen.getByText('Reviewed by User #3')).toBeTruthy();
    expect(screen.getByText('Nov 21, 2026')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reject Submission' })).toBeNull();
  });

  it('shows a failed payout with its reason on an approved submission', async () => {
    show(submission({ status: 'approved', reviewedBy: 3, payoutStatus: 'failed', payoutError: 'escrow already refunded' }), testUser({ id: 7 }));
    expect(await screen.findByText('This submission was approved')).toBeTruthy();
    expect(screen.getByText('escrow already refunded')).toBeTruthy();
  });

  const stored = {
    approved: false, confidence: 0.91, qualityScore: 35, riskLevel: 'high', category: 'Content', verificationStatus: 'failed',
    reasoning: 'The text is a copy of an earlier submission.', issues: ['The text is 100% the same as submission #9 (task #4) by another user'],
    suggestions: ['Ask the submitter for their own thread'], autoApprovalEligible: false,
    evidence: ["Copy of another user's text"], validator: 'heuristic', validatedAt: '2026-11-22T08:00:00.000Z', validatedBy: 1,
  };

  it('shows an admin the stored AI validation when a validated submission is reopened', async () => {
    show(submission({ aiValidated: true, aiValidation: stored }), testUser({ id: 1, isAdmin: true }), '0xabc');
    const panel = await screen.findByTestId('ai-result');
    for (const text of ['Issues detected', 'Confidence 91%', 'Quality 35/100', 'Risk: high', 'failed', 'The text is a copy of an earlier submission.',
      'The text is 100% the same as submission #9 (task #4) by another user', 'Ask the submitter for their own thread', 'Evidence',
      "Copy of another user's text", 'Stored analysis run Nov 22, 2026 by User #1 (heuristic)']) {
      expect(within(panel).getByText(text)).toBeTruthy();
    }
    expect(within(panel).queryByText('AUTO-APPROVAL ELIGIBLE')).toBeNull();
    expect(screen.queryByRole('button', { name: 'AI Validate' })).toBeNull();
  });

  it('shows auto-approval eligibility and says when no check found a problem', async () => {
    const clean = { ...stored, approved: true, riskLevel: 'low', verificationStatus: 'verified', issues: [], suggestions: [], autoApprovalEligible: true, evidence: [] };
    show(submission({ aiValidated: true, aiValidation: clean }), testUser({ id: 1, isAdmin: true }), '0xabc');
    const panel = await screen.findByTestId('ai-result');
    expect(within(panel).getByText('AUTO-APPROVAL ELIGIBLE')).toBeTruthy();
    expect(within(panel).getByText('Recommended for approval')).toBeTruthy();
    expect(within(panel).getByText('Evidence: no check found a problem.')).toBeTruthy();
    expect(within(panel).queryByText('Issues')).toBeNull();
  });

  it("shows an admin the system's own check (validatedBy null) and still offers AI Validate (issue 22)", async () => {
    show(submission({ aiValidated: true, aiValidation: { ...stored, validatedBy: null } }), testUser({ id: 1, isAdmin: true }), '0xabc');
    const panel = await screen.findByTestId('ai-result');
    expect(within(panel).getByText('Stored analysis run Nov 22, 2026 (heuristic)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'AI Validate' })).toBeTruthy();
  });

  it('never shows the AI panel to the creator, even with a validation in hand', async () => {
    show(submission({ aiValidated: true, aiValidation: stored }), testUser({ id: 3 }), '0xabc');
    expect(await screen.findByRole('button', { name: 'Approve & Release 1,500 CENTS' })).toBeTruthy();
    expect(screen.queryByTestId('ai-result')).toBeNull();
  });

  // Issue 22: GET /api/submissions/:id gives the task's creator (and admins) `evidence`, never the earner.
  const evidence = {
    flag: "duplicate proof: Copy of another user's text", validated: true, riskLevel: 'high' as const, highRisk: true, confidence: 0.91, qualityScore: 35,
    signals: [{ code: 'duplicate_text', label: "Copy of another user's text", kind: 'duplicate proof' as const, score: 0.97, related: [{ submissionId: 9, taskId: 4 }] }],
  };

  it("shows the creator the validator's evidence: the flag, the risk, the signal's score and the submission it copies (issue 22)", async () => {
    show(submission({ aiValidated: true, reviewFlag: evidence.flag, evidence }), testUser({ id: 3 }), '0xabc');
    const panel = within(await screen.findByRole('region', { name: 'Spam guard evidence' }));
    for (const text of ['Flagged: admins review it', evidence.flag, 'Risk: high', 'Confidence 91 %', 'Quality 35/100', "Copy of another user's text",
      'duplicate proof', '97 % match', 'submission #9 (task #4)']) {
      expect(panel.getByText(text)).toBeTruthy();
    }
    // A creator may not open another task's submissions: the related one is named, not a button.
    expect(panel.queryByRole('button')).toBeNull();
    // The creator still decides it.
    expect(screen.getByRole('button', { name: 'Approve & Release 1,500 CENTS' })).toBeTruthy();
  });

  it('says when the spam guard found nothing, and when it has not checked yet', async () => {
    const clean = { ...evidence, flag: null, riskLevel: 'low' as const, highRisk: false, signals: [] };
    const first = show(submission({ aiValidated: true, evidence: clean }), testUser({ id: 3 }), '0xabc');
    const panel = within(await screen.findByRole('region', { name: 'Spam guard evidence' }));
    expect(panel.getByText('Not flagged')).toBeTruthy();
    expect(panel.getByText('No duplicate proof or sybil signal found.')).toBeTruthy();
    first.unmount();
    show(submission({ evidence: { flag: null, validated: false, riskLevel: null, highRisk: false, confidence: null, qualityScore: null, signals: [] } }),
      testUser({ id: 3 }), '0xabc');
    expect(within(await screen.findByRole('region', { name: 'Spam guard evidence' })).getByText('Not checked yet')).toBeTruthy();
  });

  it("shows the earner no evidence panel (their submission JSON has none)", async () => {
    show(submission({ reviewFlag: evidence.flag }), testUser({ id: 7 }));
    expect(await screen.findByText('Write a thread')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Spam guard evidence' })).toBeNull();
  });

  it('replaces a broken image with the placeholder and retries it with a timestamp', async () => {
    show(submission({ proofLink: null, proofText: null }), testUser({ id: 7 }));
    fireEvent.error(await screen.findByAltText('Submitted proof image'));
    expect(await screen.findByText('Image Not Available')).toBeTruthy();
    expect(screen.getByText('File may have been removed')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reload Image' }));
    expect(screen.getByAltText('Submitted proof image').getAttribute('src')).toMatch(/^\/api\/uploads\/abc\.png\?t=\d+$/);
  });
});
