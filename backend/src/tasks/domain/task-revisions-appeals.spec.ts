import fc from 'fast-check';
import { DomainError } from '../../common/domain-error';
import { TaskAggregate } from './task.aggregate';
import { TaskEvents as T } from './task.events';
import { APPEAL_MESSAGES } from './task-appeals';
import { REVIEW_DEADLINE_MESSAGES } from './task-review-deadline';
import { REVISION_MESSAGES } from './task.messages';
import { CREATOR, H, REVIEW_UNTIL, T0, fundedTask } from '../../../test/funded-task-aggregate';

/**
 * Revise and resubmit, appeals (task-revisions.ts, task-appeals.ts) on the task aggregate itself: every
 * transition, who may do what, the windows (48 hours / 72 hours / the cut-off), the slot each state holds,
 * and as properties over random interleavings: never more than maxCompletions approved (nor slot holders),
 * nothing pending, changes_requested or appealed once review closed.
 */
const EARNER = 20;
const ADMIN = { id: 99, isAdmin: true };
const CREATOR_R = { id: CREATOR, isAdmin: false };

const task = (max = 2, submissionType = 'text'): TaskAggregate => fundedTask({ maxCompletions: max, submissionType, reviewWithinSeconds: 24 * 3600 });

const proof = (text = 'my proof') => ({ proofLink: null, proofText: text, proofFileUrl: null, notes: null });
const pulled = (agg: TaskAggregate) => agg.pullEvents() as Array<{ type: string; data: any }>;
const at = (ms: number) => new Date(ms);

function refusal(fn: () => void): { status: number; message: string } {
  try {
    fn();
  } catch (err) {
    if (err instanceof DomainError) return { status: err.status, message: err.message };
    throw err;
  }
  throw new Error('expected a refusal');
}

/** A task with EARNER's submission 7 on it, changes requested at T0 + 1h. */
function withChangesRequested(max = 2) {
  const agg = task(max);
  agg.submit(7, EARNER, proof('first'), at(T0));
  agg.requestChanges(7, CREATOR_R, '  Add the link to the thread  ', at(T0 + H));
  return agg;
}

describe('request changes', () => {
  it('needs feedback, a reviewer (creator or admin, never the submitter) and a pending submission', () => {
    const agg = task();
    agg.submit(7, EARNER, proof(), at(T0));
    expect(refusal(() => agg.requestChanges(7, CREATOR_R, '   ', at(T0)))).toEqual({ status: 400, message: REVISION_MESSAGES.feedbackRequired });
    expect(refusal(() => agg.requestChanges(7, { id: 55, isAdmin: false }, 'x', at(T0))).status).toBe(403);
    expect(refusal(() => agg.requestChanges(7, { id: EARNER, isAdmin: true }, 'x', at(T0))).status).toBe(403);
    agg.requestChanges(7, ADMIN, 'x', at(T0));
    expect(refusal(() => agg.requestChanges(7, CREATOR_R, 'again', at(T0))).status).toBe(409);
    expect(refusal(() => agg.review(7, CREATOR_R, 'approved', null, at(T0))).status).toBe(409);
  });

  it('holds the slot for 48 hours (trimmed feedback, round 1), capped by the cut-off', () => {
    const agg = withChangesRequested(1);
    const [e] = pulled(agg).slice(-1);
    expect(e).toMatchObject({ type: T.SubmissionChangesRequested, data: {
      submissionId: 7, userId: EARNER, reviewerId: CREATOR, feedback: 'Add the link to the thread', round: 1, resubmitBy: at(T0 + 49 * H).toISOString(),
    } });
    expect(agg.submission(7).status).toBe('changes_requested');
    expect(agg.snapshot.pending).toBe(1);
    // The slot is held: the only slot of a one-slot task is not free for someone else.
    expect(refusal(() => agg.submit(8, 21, proof(), at(T0 + 2 * H))).message).toBe('This task has reached its maximum of 1 submissions.');

    const late = task();
    late.submit(7, EARNER, proof(), at(T0));
    late.requestChanges(7, CREATOR_R, 'x', at(REVIEW_UNTIL - H));
    expect(late.submission(7).resubmitBy).toBe(REVIEW_UNTIL);
    const closed = task();
    closed.submit(7, EARNER, proof(), at(T0));
    expect(refusal(() => closed.requestChanges(7, CREATOR_R, 'x', at(REVIEW_UNTIL))).message).toBe(REVISION_MESSAGES.reviewClosed(at(REVIEW_UNTIL)));
  });
});

describe('resubmit', () => {
  it('only the submitter, only while changes are requested, with the proof rules of a submission', () => {
    const agg = withChangesRequested();
    expect(refusal(() => agg.resubmit(7, 21, proof('x'), at(T0 + 2 * H)))).toEqual({ status: 403, message: REVISION_MESSAGES.notYours });
    expect(refusal(() => agg.resubmit(7, CREATOR, proof('x'), at(T0 + 2 * H))).status).toBe(403);
    expect(refusal(() => agg.resubmit(7, EARNER, proof(' '), at(T0 + 2 * H))).message).toBe('Please provide proof text');
    expect(refusal(() => agg.resubmit(7, EARNER, { ...proof('x'), proofLink: 'not a url' }, at(T0 + 2 * H))).message).toBe('Please enter a valid URL');
    const fresh = task();
    fresh.submit(7, EARNER, proof(), at(T0));
    expect(refusal(() => fresh.resubmit(7, EARNER, proof('x'), at(T0))).message).toBe(REVISION_MESSAGES.notRequested('pending'));
  });

  it('is pending again with a restarted review deadline; the revision records what was there before', () => {
    const agg = withChangesRequested();
    pulled(agg);
    agg.resubmit(7, EARNER, { ...proof('second'), notes: 'added the link' }, at(T0 + 30 * H));
    const [e] = pulled(agg);
    expect(e).toMatchObject({ type: T.SubmissionResubmitted, data: {
      submissionId: 7, round: 1, proofText: 'second', notes: 'added the link', previous: proof('first'),
      resubmittedAt: at(T0 + 30 * H).toISOString(), reviewDeadline: at(T0 + 54 * H).toISOString(),
    } });
    expect(agg.submission(7)).toMatchObject({ status: 'pending', reviewDeadline: T0 + 54 * H, reviewWarned: false });
    expect(agg.snapshot.pending).toBe(1);
    // Not auto-approved at the first deadline (T0 + 24 h had passed while changes were requested), but at the new one.
    expect(agg.autoReview(7, null, at(T0 + 53 * H))).toBe('nothing');
    expect(agg.autoReview(7, null, at(T0 + 54 * H))).toBe('approved');
  });

  it('a second request is round 2, compared with the first revision', () => {
    const agg = withChangesRequested();
    agg.resubmit(7, EARNER, proof('second'), at(T0 + 2 * H));
    agg.requestChanges(7, CREATOR_R, 'one more thing', at(T0 + 3 * H));
    agg.resubmit(7, EARNER, proof('third'), at(T0 + 4 * H));
    const events = pulled(agg).filter((e) => e.type === T.SubmissionResubmitted);
    expect(events.map((e) => [e.data.round, e.data.previous.proofText, e.data.proofText])).toEqual([[1, 'first', 'second'], [2, 'second', 'third']]);
  });

  it('is refused after the time to resubmit, which the scheduler then ends as a rejection (once) that frees the slot', () => {
    const agg = withChangesRequested(1);
    const by = T0 + 49 * H;
    expect(refusal(() => agg.resubmit(7, EARNER, proof('late'), at(by + 1)))).toEqual({ status: 409, message: REVISION_MESSAGES.tooLate(at(by)) });
    pulled(agg);
    expect(agg.expireRevision(7, at(by))).toBe(false); // due only once it has passed
    expect(agg.expireRevision(7, at(by + 1))).toBe(true);
    expect(pulled(agg)).toEqual([{ type: T.SubmissionRejected, data: expect.objectContaining({
      submissionId: 7, reviewerId: 0, auto: true, feedback: REVISION_MESSAGES.expired(at(by)),
    }) }]);
    expect(agg.expireRevision(7, at(by + 2))).toBe(false); // a second run changes nothing
    expect(agg.snapshot.pending).toBe(0);
    agg.submit(8, 21, proof(), at(by + 2)); // the slot is free again
  });
});

describe('appeal', () => {
  function rejected(max = 2) {
    const agg = task(max);
    agg.submit(7, EARNER, proof(), at(T0));
    agg.review(7, CREATOR_R, 'rejected', 'no link', at(T0 + H));
    return agg;
  }

  it('only the submitter, once, with a message, within 72 hours of the rejection', () => {
    const agg = rejected();
    expect(refusal(() => agg.appeal(7, 21, 'm', at(T0 + 2 * H)))).toEqual({ status: 403, message: APPEAL_MESSAGES.notYours });
    expect(refusal(() => agg.appeal(7, CREATOR, 'm', at(T0 + 2 * H))).status).toBe(403);
    expect(refusal(() => agg.appeal(7, EARNER, '  ', at(T0 + 2 * H)))).toEqual({ status: 400, message: APPEAL_MESSAGES.messageRequired });
    const until = at(T0 + 73 * H);
    expect(agg.appealOptions(7)).toEqual({ appealUntil: until, slotFree: true });
    expect(refusal(() => agg.appeal(7, EARNER, 'm', until))).toEqual({ status: 409, message: APPEAL_MESSAGES.tooLate(until) });
    agg.appeal(7, EARNER, ' the link is in the text ', at(T0 + 72 * H));
    expect(pulled(agg).slice(-1)[0]).toMatchObject({ type: T.SubmissionAppealed, data: {
      submissionId: 7, message: 'the link is in the text', decideBy: at(REVIEW_UNTIL).toISOString(),
    } });
    expect(agg.submission(7).status).toBe('appealed');
    expect(agg.snapshot.pending).toBe(1); // it holds a slot
    agg.decideAppeal(7, ADMIN, 'upheld', 'still no link', at(T0 + 73 * H));
    expect(refusal(() => agg.appeal(7, EARNER, 'again', at(T0 + 74 * H)))).toEqual({ status: 409, message: APPEAL_MESSAGES.once });
    expect(agg.appealOptions(7).appealUntil).toBeNull();
  });

  it('is refused on a pending or approved submission, after the cut-off, and when no slot is free', () => {
    const agg = task(1);
    agg.submit(7, EARNER, proof(), at(T0));
    expect(refusal(() => agg.appeal(7, EARNER, 'm', at(T0))).message).toBe(APPEAL_MESSAGES.notRejected('pending'));
    agg.review(7, CREATOR_R, 'rejected', 'no', at(T0 + H));
    agg.submit(8, 21, proof(), at(T0 + 2 * H)); // takes the freed slot
    expect(agg.appealOptions(7).slotFree).toBe(false);
    expect(refusal(() => agg.appeal(7, EARNER, 'm', at(T0 + 3 * H)))).toEqual({ status: 409, message: APPEAL_MESSAGES.noSlot(1) });

    const until = at(REVIEW_UNTIL);
    const lateRejection = task();
    lateRejection.submit(7, EARNER, proof(), at(T0));
    lateRejection.review(7, CREATOR_R, 'rejected', 'no', at(REVIEW_UNTIL - H));
    expect(lateRejection.appealOptions(7).appealUntil).toEqual(until); // 72 hours capped by the cut-off
    expect(refusal(() => lateRejection.appeal(7, EARNER, 'm', until)).message).toBe(APPEAL_MESSAGES.tooLate(until));
  });

  it('an open appeal holds the free slot against new submissions', () => {
    const agg = rejected(1);
    agg.appeal(7, EARNER, 'm', at(T0 + 2 * H));
    expect(refusal(() => agg.submit(8, 21, proof(), at(T0 + 3 * H))).message).toBe('This task has reached its maximum of 1 submissions.');
  });

  it('only admins decide, never the creator, the rejecting reviewer or the submitter; upholding needs a reason', () => {
    const agg = rejected();
    agg.appeal(7, EARNER, 'm', at(T0 + 2 * H));
    expect(refusal(() => agg.decideAppeal(7, CREATOR_R, 'overturned', null, at(T0 + 3 * H)))).toEqual({ status: 403, message: APPEAL_MESSAGES.adminsOnly });
    expect(refusal(() => agg.decideAppeal(7, { id: CREATOR, isAdmin: true }, 'overturned', null, at(T0 + 3 * H))).message).toBe(APPEAL_MESSAGES.notImpartial);
    expect(refusal(() => agg.decideAppeal(7, { id: EARNER, isAdmin: true }, 'overturned', null, at(T0 + 3 * H))).message).toBe(APPEAL_MESSAGES.notImpartial);
    expect(refusal(() => agg.decideAppeal(7, ADMIN, 'upheld', ' ', at(T0 + 3 * H)))).toEqual({ status: 400, message: APPEAL_MESSAGES.reasonRequired });

    const byAdmin = task();
    byAdmin.submit(7, EARNER, proof(), at(T0));
    byAdmin.review(7, ADMIN, 'rejected', 'no', at(T0 + H));
    byAdmin.appeal(7, EARNER, 'm', at(T0 + 2 * H));
    expect(refusal(() => byAdmin.decideAppeal(7, ADMIN, 'overturned', null, at(T0 + 3 * H))).message).toBe(APPEAL_MESSAGES.notImpartial);
    byAdmin.decideAppeal(7, { id: 98, isAdmin: true }, 'overturned', null, at(T0 + 3 * H));
  });

  it('upheld: rejected with the reason, the slot freed', () => {
    const agg = rejected(1);
    agg.appeal(7, EARNER, 'm', at(T0 + 2 * H));
    pulled(agg);
    agg.decideAppeal(7, ADMIN, 'upheld', 'still no link', at(T0 + 3 * H));
    expect(pulled(agg)).toEqual([{ type: T.SubmissionAppealUpheld, data: expect.objectContaining({ adminId: 99, reason: 'still no link' }) }]);
    expect(agg.submission(7).status).toBe('rejected');
    expect(agg.snapshot.pending).toBe(0);
    agg.submit(8, 21, proof(), at(T0 + 4 * H));
    expect(refusal(() => agg.decideAppeal(7, ADMIN, 'overturned', null, at(T0 + 5 * H))).status).toBe(409);
  });

  it('overturned: approved exactly like an approval (reviewer the admin), in one decision', () => {
    const agg = rejected(1);
    agg.appeal(7, EARNER, 'm', at(T0 + 2 * H));
    pulled(agg);
    agg.decideAppeal(7, ADMIN, 'overturned', 'the link is there', at(T0 + 3 * H));
    expect(pulled(agg)).toEqual([
      { type: T.SubmissionAppealOverturned, data: expect.objectContaining({ adminId: 99, reason: 'the link is there' }) },
      { type: T.SubmissionApproved, data: expect.objectContaining({ submissionId: 7, reviewerId: 99, reward: 5, appeal: true, feedback: 'the link is there' }) },
    ]);
    expect(agg.snapshot).toMatchObject({ approved: 1, pending: 0 });
    expect(agg.submission(7).status).toBe('approved');
  });

  it('overturning is refused once approvals closed, leaving the appeal open for the cut-off', () => {
    const agg = rejected(1);
    agg.appeal(7, EARNER, 'm', at(T0 + 2 * H));
    expect(refusal(() => agg.decideAppeal(7, ADMIN, 'overturned', null, at(REVIEW_UNTIL + 1))).status).toBe(409);
    expect(agg.submission(7).status).toBe('appealed');
  });
});

describe('the cut-off resolves revisions and appeals', () => {
  it('rejects changes not resubmitted and upholds open appeals, each with its reason; nothing is left open', () => {
    const agg = task(3);
    agg.submit(7, EARNER, proof(), at(T0));
    agg.submit(8, 21, proof(), at(T0));
    agg.requestChanges(7, CREATOR_R, 'fix', at(REVIEW_UNTIL - H));
    agg.review(8, CREATOR_R, 'rejected', 'no', at(REVIEW_UNTIL - H));
    agg.appeal(8, 21, 'please', at(REVIEW_UNTIL - H));
    pulled(agg);
    expect(agg.closeReview(at(REVIEW_UNTIL + 1))).toBe(2);
    const events = pulled(agg);
    expect(events.map((e) => [e.type, e.data.submissionId, e.data.feedback ?? e.data.reason])).toEqual([
      [T.SubmissionRejected, 7, REVISION_MESSAGES.expiredAtCutOff(at(REVIEW_UNTIL))],
      [T.SubmissionAppealUpheld, 8, APPEAL_MESSAGES.upheldAtCutOff(at(REVIEW_UNTIL))],
      [T.TaskReviewCutOff, undefined, undefined],
    ]);
    expect(events[1].data).toMatchObject({ adminId: 0, auto: true });
    expect(agg.snapshot.pending).toBe(0);
    expect([...agg.snapshot.submissions.values()].map((s) => s.status)).toEqual(['rejected', 'rejected']);
  });

  it('a refund resolves them too', () => {
    const agg = task(3);
    agg.submit(7, EARNER, proof(), at(T0));
    agg.requestChanges(7, CREATOR_R, 'fix', at(T0 + H));
    agg.applyEscrowLog({ kind: 'refunded', fact: { chainId: 31337, txHash: '0x' + 'dd'.repeat(32), blockNumber: 9, blockHash: '0x' + 'ee'.repeat(32), logIndex: 0 }, key: '0x' + 'cc'.repeat(32), amount: '10' } as never, null);
    expect(agg.submission(7).status).toBe('rejected');
    expect(pulled(agg).some((e) => e.type === T.SubmissionRejected && e.data.feedback === REVIEW_DEADLINE_MESSAGES.refunded)).toBe(true);
  });
});

describe('invariants over random interleavings', () => {
  const RUNS = Number(process.env.PROPERTY_RUNS ?? 300);
  const users = fc.integer({ min: 20, max: 25 });
  const time = fc.integer({ min: T0, max: REVIEW_UNTIL + 2 * H });
  type Op = { kind: string; user: number; at: number; admin: number };
  const op: fc.Arbitrary<Op> = fc.record({
    kind: fc.constantFrom('submit', 'approve', 'reject', 'changes', 'resubmit', 'expire', 'appeal', 'uphold', 'overturn', 'auto', 'cutoff'),
    user: users, at: time, admin: fc.constantFrom(98, 99, CREATOR),
  });
  const HOLDING = new Set(['pending', 'changes_requested', 'appealed']);

  it('never more than maxCompletions approved or holding slots; nothing open once review closed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3 }), fc.array(op, { maxLength: 50 }), (max, ops) => {
        const agg = task(max);
        let clock = T0;
        for (const o of ops) {
          clock = Math.max(clock, o.at);
          const now = at(clock);
          const reviewer = { id: o.admin, isAdmin: o.admin !== CREATOR };
          try {
            switch (o.kind) {
              case 'submit': agg.submit(o.user, o.user, proof(), now); break;
              case 'approve': agg.review(o.user, reviewer, 'approved', null, now); break;
              case 'reject': agg.review(o.user, reviewer, 'rejected', 'no', now); break;
              case 'changes': agg.requestChanges(o.user, reviewer, 'fix', now); break;
              case 'resubmit': agg.resubmit(o.user, o.user, proof('v2'), now); break;
              case 'expire': agg.expireRevision(o.user, now); break;
              case 'appeal': agg.appeal(o.user, o.user, 'please', now); break;
              case 'uphold': agg.decideAppeal(o.user, reviewer, 'upheld', 'no', now); break;
              case 'overturn': agg.decideAppeal(o.user, reviewer, 'overturned', null, now); break;
              case 'auto': agg.autoReview(o.user, null, now); break;
              default: agg.closeReview(now);
            }
          } catch (err) {
            if (!(err instanceof DomainError)) throw err;
          }
          const s = agg.snapshot;
          const subs = [...s.submissions.values()];
          const holding = subs.filter((x) => HOLDING.has(x.status)).length;
          const approved = subs.filter((x) => x.status === 'approved').length;
          if (holding !== s.pending || approved !== s.approved) return false;
          if (approved > max || approved + holding > max) return false;
          if (s.reviewClosed && holding !== 0) return false;
        }
        agg.closeReview(at(Math.max(clock, REVIEW_UNTIL + 1)));
        return [...agg.snapshot.submissions.values()].every((x) => !HOLDING.has(x.status));
      }),
      { numRuns: RUNS },
    );
  });
});
