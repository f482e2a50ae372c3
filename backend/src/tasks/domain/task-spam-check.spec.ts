import { TaskAggregate } from './task.aggregate';
import { TaskEvents as T } from './task.events';
import { APPEAL_MESSAGES } from './task-appeals';
import { REVIEW_DEADLINE_MESSAGES } from './task-review-deadline';
import { CUT_OFF_IS_FINAL } from './task.messages';
import { CREATOR, H, REVIEW_UNTIL, T0, fundedTask } from '../../../test/funded-task-aggregate';

/**
 * The spam guard when a proof is sent (task-spam-check.ts) on the task aggregate: the verdict is recorded once
 * per proof (flagged: in the admins' queue at once, never auto-approved; clean: not checked again), a check of a
 * proof since revised records nothing, a revision is checked anew, and the review deadline still checks a proof
 * found clean when it was sent.
 */
const EARNER = 20;

const task = (): TaskAggregate => fundedTask({ reviewWithinSeconds: 72 * 3600 });

const proof = { proofLink: null, proofText: 'my proof', proofFileUrl: null, notes: null };
const revised = { proofLink: null, proofText: 'my own, revised proof', proofFileUrl: null, notes: null };
const pulled = (agg: TaskAggregate) => agg.pullEvents() as Array<{ type: string; data: any }>;
const at = (ms: number) => new Date(ms);

function submitted(): TaskAggregate {
  const agg = task();
  agg.submit(100, EARNER, proof, at(T0));
  pulled(agg);
  return agg;
}

describe('spam guard when a proof is sent', () => {
  it('a flagged proof goes to the admins at once with its cut-off, once; the review deadline then approves nothing', () => {
    const agg = submitted();
    expect(agg.checkSpam(100, proof, 'duplicate proof: copy of another text', at(T0 + 1000))).toBe('flagged');
    const [flag] = pulled(agg);
    expect(flag).toEqual({ type: T.SubmissionFlaggedForAdmins, data: {
      submissionId: 100, taskId: 1, userId: EARNER, reason: 'duplicate proof: copy of another text', reviewDeadline: new Date(T0 + 72 * H).toISOString(),
      decideBy: new Date(REVIEW_UNTIL).toISOString(), flaggedAt: new Date(T0 + 1000).toISOString(), stage: 'submitted',
    } });
    expect(agg.submission(100)).toMatchObject({ status: 'pending', flagged: 'duplicate proof: copy of another text', spamChecked: true });

    // Decided once: neither a second check nor the deadline's own check changes anything, and nothing is approved.
    expect(agg.checkSpam(100, proof, null, at(T0 + 2000))).toBe('nothing');
    expect(agg.checkSpam(100, proof, 'high risk', at(T0 + 2000))).toBe('nothing');
    expect(agg.autoReview(100, null, at(T0 + 73 * H))).toBe('nothing');
    expect(agg.warnReviewDue(100, at(T0 + 65 * H))).toBe(false);
    expect(pulled(agg)).toEqual([]);
  });

  it('a clean proof is recorded as checked, once; at its review deadline the validator still decides (a later copy may flag it)', () => {
    const agg = submitted();
    expect(agg.checkSpam(100, proof, null, at(T0 + 1000))).toBe('clean');
    expect(pulled(agg)).toEqual([{ type: T.SubmissionSpamChecked, data: { submissionId: 100, taskId: 1, userId: EARNER, checkedAt: new Date(T0 + 1000).toISOString() } }]);
    expect(agg.submission(100)).toMatchObject({ spamChecked: true, flagged: null });
    expect(agg.checkSpam(100, proof, 'duplicate proof', at(T0 + 2000))).toBe('nothing');
    expect(pulled(agg)).toEqual([]);

    expect(agg.autoReview(100, 'duplicate proof', at(T0 + 72 * H))).toBe('flagged');
    expect(pulled(agg)[0]).toMatchObject({ type: T.SubmissionFlaggedForAdmins, data: { reason: 'duplicate proof', stage: 'review_deadline' } });
  });

  it('a check of a proof that is no longer the submission\'s records nothing; a revision is unchecked and checked anew', () => {
    const agg = submitted();
    agg.checkSpam(100, proof, 'duplicate proof', at(T0 + 1000));
    agg.requestChanges(100, { id: CREATOR, isAdmin: false }, 'Write your own text, please.', at(T0 + H));
    agg.resubmit(100, EARNER, revised, at(T0 + 2 * H));
    pulled(agg);
    expect(agg.submission(100)).toMatchObject({ status: 'pending', flagged: null, spamChecked: false });

    // The validator read the read model before it had the revision: that verdict is about the old proof.
    expect(agg.checkSpam(100, proof, 'duplicate proof', at(T0 + 2 * H + 1000))).toBe('nothing');
    expect(pulled(agg)).toEqual([]);
    expect(agg.checkSpam(100, revised, null, at(T0 + 2 * H + 2000))).toBe('clean');
    expect(pulled(agg).map((e) => e.type)).toEqual([T.SubmissionSpamChecked]);
  });

  it('records nothing for a decided submission or once review is closed', () => {
    const decided = submitted();
    decided.review(100, { id: CREATOR, isAdmin: false }, 'approved', null, at(T0 + 1000));
    pulled(decided);
    expect(decided.checkSpam(100, proof, 'duplicate proof', at(T0 + 2000))).toBe('nothing');

    const late = submitted();
    expect(late.checkSpam(100, proof, 'duplicate proof', at(REVIEW_UNTIL + 1000))).toBe('nothing');
    expect(late.closeReview(at(REVIEW_UNTIL + 1000))).toBe(1);
    pulled(late);
    expect(late.checkSpam(100, proof, null, at(REVIEW_UNTIL + 2000))).toBe('nothing');
    expect(pulled(late)).toEqual([]);
  });
});

describe('a flagged submission nobody reviewed by the cut-off', () => {
  it('is rejected with its reason, which says it is final; an appeal is refused (the escrow could no longer pay it)', () => {
    const agg = submitted();
    agg.checkSpam(100, proof, 'sybil signals', at(T0 + 1000));
    pulled(agg);
    expect(agg.closeReview(at(REVIEW_UNTIL + 1000))).toBe(1);
    const [rejected] = pulled(agg);
    expect(rejected).toMatchObject({ type: T.SubmissionRejected, data: { submissionId: 100, reviewerId: 0, auto: true } });
    expect(rejected.data.feedback).toBe(REVIEW_DEADLINE_MESSAGES.flaggedAtCutOff('sybil signals', at(REVIEW_UNTIL)));
    expect(rejected.data.feedback.endsWith(CUT_OFF_IS_FINAL)).toBe(true);

    expect(agg.appealOptions(100).appealUntil).toBeNull();
    let refused: unknown = null;
    try {
      agg.appeal(100, EARNER, 'It is my own work.', at(REVIEW_UNTIL + 2000));
    } catch (err) {
      refused = err;
    }
    expect(refused).toMatchObject({ status: 409, message: APPEAL_MESSAGES.tooLate(at(REVIEW_UNTIL)) });
    expect(pulled(agg)).toEqual([]);
  });
});
