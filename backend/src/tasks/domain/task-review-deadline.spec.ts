import fc from 'fast-check';
import { DomainError } from '../../common/domain-error';
import { TaskAggregate } from './task.aggregate';
import { TaskEvents as T } from './task.events';
import {
  AUTO_APPROVAL_LEAD_SECONDS, DEFAULT_REVIEW_WITHIN_SECONDS, REVIEW_DEADLINE_MESSAGES, reviewDeadlineMs, reviewWarningAtMs,
} from './task-review-deadline';
import { SYSTEM_REVIEWER } from './task.messages';
import { CREATOR, DEADLINE, H, REVIEW_UNTIL, T0, fundedTask } from '../../../test/funded-task-aggregate';

/**
 * Every transition of the review deadline (task-review-deadline.ts) on the task aggregate itself: the
 * deadline recorded at submission (and derived for older events), the creator's warning, the automatic
 * approval, the spam guard's flag, the cut-off and the refund; and the invariants, as properties over
 * random interleavings: nothing pending once review closed, never more than maxCompletions approved.
 */
const ADMIN = { id: 99, isAdmin: true };

const task = (overrides: Record<string, unknown> = {}, max = 2): TaskAggregate => fundedTask({ maxCompletions: max, ...overrides });

const proof = { proofLink: null, proofText: 'my proof', proofFileUrl: null, notes: null };
/** The events a decision raised (data as written). */
const pulled = (agg: TaskAggregate) => agg.pullEvents() as Array<{ type: string; data: any }>;
const types = (agg: TaskAggregate) => pulled(agg).map((e) => e.type);

describe('review deadline: the rule', () => {
  it('is submittedAt + reviewWithin, at most the cut-off less the lead, never before the submission', () => {
    const until = new Date(REVIEW_UNTIL);
    expect(reviewDeadlineMs(T0, 72 * 3600, until)).toBe(T0 + 72 * H);
    expect(reviewDeadlineMs(REVIEW_UNTIL - 5 * H, 72 * 3600, until)).toBe(REVIEW_UNTIL - AUTO_APPROVAL_LEAD_SECONDS * 1000);
    // Submitted inside the lead (only with a tiny review window): due at once, never before it was submitted.
    expect(reviewDeadlineMs(REVIEW_UNTIL - 60_000, 3600, until)).toBe(REVIEW_UNTIL - 60_000);
    // An unparseable submission time (older test events) falls back to the cap, never NaN.
    expect(reviewDeadlineMs(Number.NaN, 3600, until)).toBe(REVIEW_UNTIL - AUTO_APPROVAL_LEAD_SECONDS * 1000);
    // Year 9999: clamped into storable dates.
    const far = new Date(Date.UTC(9999, 11, 31, 23, 59, 59));
    expect(new Date(reviewDeadlineMs(far.getTime() - 1000, 30 * 24 * 3600, new Date(8.64e15))).toISOString()).toBe('9999-12-31T23:59:59.000Z');
  });

  it('warns 12 hours before, or halfway through a shorter window', () => {
    expect(reviewWarningAtMs(T0, T0 + 72 * H)).toBe(T0 + 60 * H);
    expect(reviewWarningAtMs(T0, T0 + H)).toBe(T0 + H / 2);
    expect(reviewWarningAtMs(T0, T0)).toBe(T0);
  });
});

describe('review deadline: transitions', () => {
  it('records the deadline with the submission (72 hours when the task has no setting) and the task setting when given', () => {
    const old = task();
    old.submit(7, 20, proof, new Date(T0));
    const [e] = pulled(old);
    expect(e.data.reviewDeadline).toBe(new Date(T0 + DEFAULT_REVIEW_WITHIN_SECONDS * 1000).toISOString());
    expect(old.submission(7).reviewDeadline).toBe(T0 + 72 * H);

    const short = task({ reviewWithinSeconds: 5 * 3600 });
    short.submit(7, 20, proof, new Date(T0));
    expect(pulled(short)[0].data.reviewDeadline).toBe(new Date(T0 + 5 * H).toISOString());
  });

  it('derives the deadline of a submission recorded before deadlines existed (the upcaster)', () => {
    const agg = task();
    agg.load([{ globalPosition: 1000n, transactionId: 1n, streamId: 'task-1', streamVersion: 3, metadata: {}, createdAt: new Date(),
      type: T.SubmissionSubmitted, data: { submissionId: 7, taskId: 1, userId: 20, ...proof, createdAt: new Date(T0).toISOString() } }]);
    expect(agg.submission(7).reviewDeadline).toBe(T0 + 72 * H);
  });

  it('warns the creator once, only inside the warning period and while pending', () => {
    const agg = task();
    agg.submit(7, 20, proof, new Date(T0));
    pulled(agg);
    expect(agg.warnReviewDue(7, new Date(T0 + 59 * H))).toBe(false);
    expect(agg.warnReviewDue(7, new Date(T0 + 60 * H))).toBe(true);
    const [warning] = pulled(agg);
    expect(warning).toMatchObject({ type: T.SubmissionReviewDueSoon, data: { creatorId: CREATOR, reviewDeadline: new Date(T0 + 72 * H).toISOString() } });
    expect(agg.warnReviewDue(7, new Date(T0 + 61 * H))).toBe(false);
    const late = task();
    late.submit(7, 20, proof, new Date(T0));
    expect(late.warnReviewDue(7, new Date(T0 + 72 * H))).toBe(false); // past the deadline: the approval is the news
  });

  it('approves automatically at the deadline with the system reviewer and the actual duration, once', () => {
    const agg = task({ reviewWithinSeconds: 5 * 3600 });
    agg.submit(7, 20, proof, new Date(T0));
    pulled(agg);
    expect(agg.autoReview(7, null, new Date(T0 + 5 * H - 1))).toBe('nothing');
    expect(agg.autoReview(7, null, new Date(T0 + 5 * H))).toBe('approved');
    const [approved] = pulled(agg);
    expect(approved).toMatchObject({ type: T.SubmissionApproved, data: { reviewerId: SYSTEM_REVIEWER.id, auto: true, feedback: 'Approved automatically: not reviewed within 5 hours.' } });
    expect(agg.autoReview(7, null, new Date(T0 + 6 * H))).toBe('nothing');
    expect(agg.snapshot.approved).toBe(1);
    expect(REVIEW_DEADLINE_MESSAGES.autoApproved(72 * 3600)).toBe('Approved automatically: not reviewed within 72 hours.');
    expect(REVIEW_DEADLINE_MESSAGES.autoApproved(30 * 24 * 3600)).toBe('Approved automatically: not reviewed within 30 days.');
  });

  it('never auto-approves a decided submission (a human came first)', () => {
    const agg = task();
    agg.submit(7, 20, proof, new Date(T0));
    agg.review(7, { id: CREATOR, isAdmin: false }, 'rejected', 'not done', new Date(T0 + H));
    pulled(agg);
    expect(agg.autoReview(7, null, new Date(T0 + 80 * H))).toBe('nothing');
    expect(pulled(agg)).toEqual([]);
  });

  it('hands a flagged submission to the admins instead, and never approves it automatically afterwards', () => {
    const agg = task();
    agg.submit(7, 20, proof, new Date(T0));
    pulled(agg);
    expect(agg.autoReview(7, 'duplicate proof', new Date(T0 + 72 * H))).toBe('flagged');
    expect(pulled(agg)[0]).toMatchObject({ type: T.SubmissionFlaggedForAdmins, data: { reason: 'duplicate proof', decideBy: new Date(REVIEW_UNTIL).toISOString() } });
    expect(agg.autoReview(7, null, new Date(T0 + 73 * H))).toBe('nothing');
    expect(agg.snapshot.pending).toBe(1);
    // An admin may still decide it before the cut-off.
    agg.review(7, ADMIN, 'approved', null, new Date(T0 + 74 * H));
    expect(agg.submission(7).status).toBe('approved');
  });

  it('rejects at the cut-off every pending submission with its reason, once; approvals past it are refused', () => {
    const agg = task({}, 5);
    agg.submit(7, 20, proof, new Date(DEADLINE - H));
    agg.submit(8, 21, proof, new Date(DEADLINE - H));
    agg.submit(9, 22, proof, new Date(T0));
    agg.autoReview(9, 'high risk', new Date(T0 + 72 * H));
    pulled(agg);
    expect(agg.closeReview(new Date(REVIEW_UNTIL))).toBe(-1); // not yet: at the cut-off itself approvals are still accepted
    expect(agg.closeReview(new Date(REVIEW_UNTIL + 1))).toBe(3);
    const raised = pulled(agg);
    expect(raised.map((e) => e.type)).toEqual([T.SubmissionRejected, T.SubmissionRejected, T.SubmissionRejected, T.TaskReviewCutOff]);
    expect(raised[2].data.feedback).toBe(REVIEW_DEADLINE_MESSAGES.flaggedAtCutOff('high risk', new Date(REVIEW_UNTIL)));
    expect(raised[0].data.feedback).toBe(REVIEW_DEADLINE_MESSAGES.missedAtCutOff(new Date(REVIEW_UNTIL)));
    expect(raised[0].data).toMatchObject({ reviewerId: 0, auto: true });
    expect(agg.snapshot.pending).toBe(0);
    expect(agg.closeReview(new Date(REVIEW_UNTIL + 2))).toBe(-1);
    expect(() => agg.review(7, ADMIN, 'approved', null, new Date(REVIEW_UNTIL + 3))).toThrow(DomainError);
  });

  it('a refund with submissions still pending (the scheduler was down) rejects them too', () => {
    const agg = task();
    agg.submit(7, 20, proof, new Date(T0));
    pulled(agg);
    agg.applyEscrowLog({ kind: 'refunded', fact: { chainId: 31337, txHash: '0x' + 'dd'.repeat(32), blockNumber: 9, blockHash: '0x' + 'ee'.repeat(32), logIndex: 0 }, key: '0x' + 'cc'.repeat(32), amount: 10n } as never, null);
    expect(types(agg)).toEqual([T.TaskRefunded, T.SubmissionRejected, T.TaskReviewCutOff]);
    expect(agg.snapshot.pending).toBe(0);
    expect(agg.submission(7).status).toBe('rejected');
  });
});

describe('review deadline: invariants (random interleavings)', () => {
  const RUNS = Number(process.env.PROPERTY_RUNS ?? 300);
  type Op =
    | { kind: 'submit'; user: number; at: number }
    | { kind: 'human'; sub: number; decision: 'approved' | 'rejected'; at: number }
    | { kind: 'warn' | 'auto'; sub: number; flag: boolean; at: number }
    | { kind: 'cutoff'; at: number };
  // Times from before the first deadline to past the cut-off.
  const at = fc.integer({ min: T0, max: REVIEW_UNTIL + 2 * H });
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ kind: fc.constant('submit' as const), user: fc.integer({ min: 20, max: 26 }), at }),
    fc.record({ kind: fc.constant('human' as const), sub: fc.integer({ min: 20, max: 26 }), decision: fc.constantFrom('approved' as const, 'rejected' as const), at }),
    fc.record({ kind: fc.constantFrom('warn' as const, 'auto' as const), sub: fc.integer({ min: 20, max: 26 }), flag: fc.boolean(), at }),
    fc.record({ kind: fc.constant('cutoff' as const), at }),
  );

  it('never more than maxCompletions approved; nothing pending once review closed; nothing flagged approved by the system', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3 }), fc.array(op, { maxLength: 40 }), (max, ops) => {
        const agg = task({ reviewWithinSeconds: 3600 * 24 }, max);
        const flagged = new Set<number>();
        let clock = T0;
        for (const o of ops) {
          clock = Math.max(clock, o.at); // the chain clock never goes back
          const now = new Date(clock);
          try {
            if (o.kind === 'submit') agg.submit(o.user, o.user, proof, now);
            else if (o.kind === 'human') agg.review(o.sub, { id: CREATOR, isAdmin: false }, o.decision, 'feedback', now);
            else if (o.kind === 'warn') agg.warnReviewDue(o.sub, now);
            else if (o.kind === 'auto') {
              if (agg.autoReview(o.sub, o.flag ? 'flagged' : null, now) === 'flagged') flagged.add(o.sub);
            } else agg.closeReview(now);
          } catch (err) {
            if (!(err instanceof DomainError)) throw err; // a refusal is fine; anything else is a bug
          }
          const s = agg.snapshot;
          if (s.approved > max) return false;
          if (s.reviewClosed && s.pending !== 0) return false;
        }
        for (const e of pulled(agg)) {
          if (e.type === T.SubmissionApproved && e.data.auto && flagged.has(e.data.submissionId)) return false;
        }
        // Whatever happened, the cut-off leaves nothing pending.
        agg.closeReview(new Date(Math.max(clock, REVIEW_UNTIL + 1)));
        return agg.snapshot.pending === 0 && agg.snapshot.reviewClosed;
      }),
      { numRuns: RUNS },
    );
  });
});
