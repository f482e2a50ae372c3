import { notFound } from '../../common/domain-error';
import { Aggregate, DomainEvent } from '../../event-store/aggregate';
import { EscrowLog } from './escrow-log';
import { escrowEvolvers, decideFunding, decideRefund, decideRevertChainFact } from './task-escrow';
import { CreateTaskFields, decideCreate, decideSetActive, lifecycleEvolvers } from './task-lifecycle';
import {
  decidePayoutFailed, decidePayoutSent, decidePayoutsAfterFunding, decidePayoutsLostToRefund, decideRequestPayout, decideRevertRewardReleased, decideRewardReleased,
  payoutEvolvers,
} from './task-payouts';
import { canReview, decideAiValidation, decideReview, decideSubmit, submissionEvolvers } from './task-submissions';
import { decideRecheckFundings } from './task-funding-recheck';
import { MESSAGES, Reviewer } from './task.messages';
import {
  decideAutoReview, decideReviewCutOff, decideReviewWarning, reviewDeadlineEvolvers, withReviewDeadline,
} from './task-review-deadline';
import { appealBaseEvolvers, appealPostEvolvers, appealUntilMs, decideAppeal, decideAppealDecision, hasFreeSlot } from './task-appeals';
import { decideRequestChanges, decideResubmit, decideRevisionExpiry, revisionBaseEvolvers, revisionEvolvers } from './task-revisions';
import { decideSpamCheck, spamCheckEvolvers } from './task-spam-check';
import { EvolverTable, PostEvolverTable, Raised, SubmissionState, TaskState, initialTaskState, reviewTimesOf, submissionOf } from './task.state';
import { TaskEvent, TaskEventType, isTaskEventType } from './task-event';
import { upcastTaskEvent } from './task-event-upcaster';
import * as E from './task.events';
import { decisionsWithDrafts, foldWithDrafts } from './task-fold-draft';

export { MESSAGES, Reviewer };
export { checkProofMatchesType } from './task-submissions';
export type { TaskState, SubmissionState };

/** Every event type of a task stream and its pure transition; one file per job. */
const BASE_EVOLVERS: EvolverTable = {
  ...lifecycleEvolvers, ...escrowEvolvers, ...submissionEvolvers, ...payoutEvolvers, ...revisionBaseEvolvers, ...appealBaseEvolvers,
};

/** Features that add fields to an existing event's transition run after its base evolver (e.g. review deadlines). */
const POST_EVOLVERS: readonly PostEvolverTable[] = [reviewDeadlineEvolvers, revisionEvolvers, appealPostEvolvers, spamCheckEvolvers];

/** The task's state after one event (in its current shape: see upcastTaskEvent); pure. */
export function evolveTask<K extends TaskEventType>(s: TaskState, e: TaskEvent<K>): TaskState {
  const base: EvolverTable[K] = BASE_EVOLVERS[e.type];
  let next = base ? base(s, e.data) : s;
  for (const table of POST_EVOLVERS) {
    const post: PostEvolverTable[K] = table[e.type];
    if (post) next = post(s, next, e.data);
  }
  return next;
}

/**
 * A task, its submissions and their payouts: one consistency boundary (`task-{id}` stream), because the
 * rules that bind them (slots, one per user, approvals <= maxCompletions, approvals before the refund can
 * open, payouts only of approved submissions) are rules of the task. The decisions live in ./aggregate;
 * this class loads the state, runs one and raises what it returns.
 */
export class TaskAggregate extends Aggregate<TaskState> {
  static streamId(id: number): string {
    return `task-${id}`;
  }

  get streamId(): string {
    return TaskAggregate.streamId(this.id);
  }

  protected initialState(): TaskState {
    return initialTaskState();
  }

  /** Stored and newly raised events alike are read through the upcaster; a type no task stream has leaves the state as it is. */
  protected evolve(s: TaskState, e: DomainEvent): TaskState {
    return isTaskEventType(e.type) ? evolveTask(s, upcastTaskEvent(e)) : s;
  }

  /** A stream (or a decision's events) in one fold: each submissions Map copied once, not per event (task-fold-draft.ts). */
  protected override evolveAll(s: TaskState, events: DomainEvent[]): TaskState {
    return foldWithDrafts(() => super.evolveAll(s, events));
  }

  /** A run of decisions (a range's logs of this task) copies each Map once for the whole run (task-fold-draft.ts). */
  protected override decisionRun<R>(run: () => R): R {
    return decisionsWithDrafts(run);
  }

  /** A decision's events, all or none (see raiseAll). */
  private apply(events: Raised[]): void {
    this.raiseAll(events);
  }

  private mustExist(): TaskState {
    if (!this.exists) throw notFound(MESSAGES.taskNotFound);
    return this.state;
  }

  // ---- task lifecycle -------------------------------------------------------------------------------

  create(input: CreateTaskFields, now: Date): void {
    this.apply(decideCreate(this.exists, this.id, input, now));
  }

  setActive(actor: Reviewer, isActive: boolean): void {
    this.apply(decideSetActive(this.mustExist(), this.id, actor, isActive));
  }

  /** Approvals are accepted until `reviewUntil`; the escrow can be refunded from `refundableAt`. */
  get reviewTimes(): { reviewUntil: Date; refundableAt: Date } {
    return reviewTimesOf(this.mustExist());
  }

  // ---- chain facts (the indexer) -------------------------------------------------------------------

  /** One escrow log of this task; `creatorWallet` is the creator's linked wallet now (fundings only). */
  applyEscrowLog(log: EscrowLog, creatorWallet: string | null): void {
    const s = this.mustExist();
    if (log.kind === 'funded') {
      this.apply(decideFunding(s, this.id, log, creatorWallet));
      // Payouts that failed because the escrow was not (yet) funded go out now (issue 19 item 7).
      this.apply(decidePayoutsAfterFunding(this.state, this.id));
    }
    else if (log.kind === 'refunded') {
      this.apply(decideRefund(s, this.id, log));
      this.apply(decidePayoutsLostToRefund(this.state, this.id, log.fact.txHash));
      // Nothing stays pending once the escrow is gone (the scheduler's cut-off normally came first).
      if (this.state.escrow.status === 'refunded') this.apply(decideReviewCutOff(this.state, this.id, new Date(), 'refunded'));
    }
    else this.apply(decideRewardReleased(s, this.id, log));
  }

  /** Compensates a funding or refund fact whose block was dropped by a reorganisation. */
  revertChainFact(kind: 'funding' | 'refund', txHash: string, logIndex: number): void {
    this.apply(decideRevertChainFact(this.mustExist(), this.id, kind, txHash, logIndex));
    // A dropped refund gives the escrow back: the approvals it had left unpaid are requested again.
    if (kind === 'refund') this.apply(decidePayoutsAfterFunding(this.state, this.id, 'refunded'));
  }

  revertRewardReleased(submissionId: number, txHash: string, logIndex: number): void {
    this.apply(decideRevertRewardReleased(this.mustExist(), this.id, submissionId, txHash, logIndex));
  }

  // ---- submissions ----------------------------------------------------------------------------------

  submit(submissionId: number, userId: number, proof: E.ProofData, now: Date): void {
    const s = this.mustExist();
    this.apply(withReviewDeadline(s, decideSubmit(s, this.id, submissionId, userId, proof, now)));
  }

  submission(submissionId: number): SubmissionState {
    return submissionOf(this.state, submissionId);
  }

  canReview(actor: Reviewer): boolean {
    return canReview(this.state, actor);
  }

  review(submissionId: number, reviewer: Reviewer, decision: 'approved' | 'rejected', feedback: string | null, now: Date): void {
    this.apply(decideReview(this.mustExist(), this.id, submissionId, reviewer, decision, feedback, now));
  }

  // ---- revise and resubmit, appeals (aggregate/task-revisions.ts, task-appeals.ts) --------------------

  requestChanges(submissionId: number, reviewer: Reviewer, feedback: string | null, now: Date): void {
    this.apply(decideRequestChanges(this.mustExist(), this.id, submissionId, reviewer, feedback, now));
  }

  resubmit(submissionId: number, userId: number, proof: E.ProofData, now: Date): void {
    this.apply(decideResubmit(this.mustExist(), this.id, submissionId, userId, proof, now));
  }

  /** The time to resubmit ran out: true when the submission was rejected now (false: nothing to do). */
  expireRevision(submissionId: number, now: Date): boolean {
    const raised = decideRevisionExpiry(this.mustExist(), this.id, submissionId, now);
    this.apply(raised);
    return raised.length > 0;
  }

  appeal(submissionId: number, userId: number, message: string | null, now: Date): void {
    this.apply(decideAppeal(this.mustExist(), this.id, submissionId, userId, message, now));
  }

  /** 'approved' when overturned (the caller requests the payout, like any approval). */
  decideAppeal(submissionId: number, admin: Reviewer, decision: 'upheld' | 'overturned', reason: string | null, now: Date): void {
    this.apply(decideAppealDecision(this.mustExist(), this.id, submissionId, admin, decision, reason, now));
  }

  /** What the earner sees before appealing: until when, and whether a slot is free for it now. */
  appealOptions(submissionId: number): { appealUntil: Date | null; slotFree: boolean } {
    const s = this.mustExist();
    const sub = submissionOf(s, submissionId);
    const open = sub.status === 'rejected' && !sub.appealUsed && !s.reviewClosed;
    return { appealUntil: open ? new Date(appealUntilMs(s, sub.rejectedAt ?? 0)) : null, slotFree: hasFreeSlot(s) };
  }

  // ---- review deadlines (aggregate/task-review-deadline.ts; applied by the scheduler) -----------------

  /** Warns the creator that a review deadline is near; false when there is nothing to warn about (any more). */
  warnReviewDue(submissionId: number, now: Date): boolean {
    const raised = decideReviewWarning(this.mustExist(), this.id, submissionId, now);
    this.apply(raised);
    return raised.length > 0;
  }

  /**
   * The spam guard's verdict on the proof just sent (`checkedProof`, as the validator read it): 'flagged' (in the
   * admins' queue now), 'clean', or 'nothing' when there is nothing to record (task-spam-check.ts). The validation
   * behind it (the evidence the reviewers see) is recorded just before the verdict, and only with one.
   */
  checkSpam(
    submissionId: number, checkedProof: E.ProofData, flagReason: string | null, now: Date,
    validation?: { result: Record<string, unknown>; durationMs: number },
  ): 'flagged' | 'clean' | 'nothing' {
    const s = this.mustExist();
    const verdict = decideSpamCheck(s, this.id, submissionId, checkedProof, flagReason, now);
    if (!verdict.length) return 'nothing';
    const validated = validation ? decideAiValidation(s, this.id, submissionId, validation.result, null, validation.durationMs) : [];
    this.apply([...validated, ...verdict]);
    return verdict[0].type === E.TaskEvents.SubmissionFlaggedForAdmins ? 'flagged' : 'clean';
  }

  /** The review deadline passed: approve automatically, or hand a flagged one to the admins. 'approved' when approved now. */
  autoReview(submissionId: number, flagReason: string | null, now: Date): 'approved' | 'flagged' | 'nothing' {
    const raised = decideAutoReview(this.mustExist(), this.id, submissionId, flagReason, now);
    this.apply(raised);
    if (!raised.length) return 'nothing';
    return raised[0].type === 'SubmissionApproved' ? 'approved' : 'flagged';
  }

  /** The review cut-off passed: every pending submission is rejected with its reason (number rejected; -1 nothing to do). */
  closeReview(now: Date): number {
    const raised = decideReviewCutOff(this.mustExist(), this.id, now, 'cut_off');
    this.apply(raised);
    return raised.length - 1;
  }

  recordAiValidation(submissionId: number, result: Record<string, unknown>, validatedBy: number | null, durationMs: number): void {
    this.apply(decideAiValidation(this.mustExist(), this.id, submissionId, result, validatedBy, durationMs));
  }

  // ---- payouts --------------------------------------------------------------------------------------

  /** Returns whether a new request (or a recorded reason it cannot be paid) was raised. */
  requestPayout(submissionId: number, recipientWallet: string | null, requestedBy: number | null): boolean {
    const raised = decideRequestPayout(this.mustExist(), this.id, submissionId, recipientWallet, requestedBy);
    this.apply(raised);
    return raised.length > 0;
  }

  /** A wallet was linked: a payout that failed for want of one is requested to it (true when it was). */
  resumePayoutForWallet(submissionId: number, wallet: string): boolean {
    const s = this.mustExist();
    if (submissionOf(s, submissionId).payoutFailure !== 'no_wallet' || s.escrow.status === 'refunded') return false;
    return this.requestPayout(submissionId, wallet, null);
  }

  /** The creator linked `wallet`: their earlier stray fundings from it are decided again (true: the task is funded). */
  recheckFundings(strays: E.TaskFundingAnomalyData[], wallet: string): boolean {
    const raised = decideRecheckFundings(this.mustExist(), this.id, strays, wallet);
    this.apply(raised);
    if (raised.length) this.apply(decidePayoutsAfterFunding(this.state, this.id));
    return raised.length > 0;
  }

  recordPayoutSent(submissionId: number, txHash: string): void {
    this.apply(decidePayoutSent(this.state, this.id, submissionId, txHash));
  }

  recordPayoutFailed(submissionId: number, reason: string, permanent: boolean, cause?: E.PayoutFailureCause): void {
    this.apply(decidePayoutFailed(this.state, this.id, submissionId, reason, permanent, cause));
  }
}
