import { DomainError, badRequest, conflict, forbidden, notFound } from '../common/domain-error';
import { escrowAmount } from '../common/money';
import { Aggregate, DomainEvent } from '../event-store/aggregate';
import { chainFactKey } from '../event-store/stored-event';
import { FundingStatus, PayoutStatus, SubmissionStatus, SubmissionType } from './task.constants';
import * as E from './task.events';
import { isWalletAddress } from '../common/wallet-address';

const T = E.TaskEvents;

interface SubmissionState {
  id: number;
  userId: number;
  status: SubmissionStatus;
  payout: PayoutStatus | null;
  payoutTxHash: string | null;
  releasedTxHash: string | null;
  aiValidated: boolean;
}

export interface TaskState {
  creatorId: number;
  reward: number;
  maxCompletions: number;
  deadline: number;
  isActive: boolean;
  submissionType: SubmissionType;
  chainId: number;
  escrowAmount: string;
  funding: FundingStatus;
  fundedTxHash: string | null;
  refundTxHash: string | null;
  submissions: Map<number, SubmissionState>;
  submissionByUser: Map<number, number>;
  pending: number;
  approved: number;
  released: number;
}

export interface Reviewer {
  id: number;
  isAdmin: boolean;
}

export const MESSAGES = {
  taskNotFound: 'Task not found',
  submissionNotFound: 'Submission not found',
  notFunded: 'This task is not open for submissions: its reward has not been escrowed yet',
  inactive: 'This task is not active',
  refunded: "This task's escrow has been refunded to its creator",
  deadlinePassed: 'The deadline for this task has passed',
  ownTask: 'You cannot submit proof on your own task',
  alreadySubmitted: 'You have already submitted proof for this task',
  full: (max: number) => `This task has reached its maximum of ${max} submissions.`,
  missingLink: 'Missing link: Please provide a valid URL as proof',
  missingText: 'Missing text proof: Please provide text description as proof',
  missingFile: 'Missing file: Please upload a file as proof',
  missingProof: 'Missing proof: Please provide a link, a text or a file as proof',
  notReviewer: "Only the task's creator or an admin can review this submission",
  ownSubmission: 'You cannot review your own submission',
  alreadyDecided: (status: string) => `This submission has already been ${status}`,
  feedbackRequired: 'Feedback required: Please provide feedback explaining why this submission is being rejected.',
  allApproved: (max: number) => `This task already has ${max} approved submissions`,
  notApproved: 'Only an approved submission can be paid',
  invalidWallet: (userId: number) => `Invalid wallet address for user ${userId}. Contact an administrator.`,
  notCreator: 'Only the creator of this task can change it',
} as const;

export class TaskAggregate extends Aggregate<TaskState> {
  static streamId(id: number): string {
    return `task-${id}`;
  }

  get streamId(): string {
    return TaskAggregate.streamId(this.id);
  }

  protected initialState(): TaskState {
    return {
      creatorId: 0,
      reward: 0,
      maxCompletions: 0,
      deadline: 0,
      isActive: false,
      submissionType: 'text',
      chainId: 0,
      escrowAmount: '0',
      funding: 'awaiting_funding',
      fundedTxHash: null,
      refundTxHash: null,
      submissions: new Map(),
      submissionByUser: new Map(),
      pending: 0,
      approved: 0,
      released: 0,
    };
  }

  protected evolve(s: TaskState, e: DomainEvent): TaskState {
    const d = e.data;
    switch (e.type) {
      case T.TaskCreated:
        return {
          ...s,
          creatorId: d.creatorId,
          reward: d.reward,
          maxCompletions: d.maxCompletions,
          deadline: Date.parse(d.deadline),
          isActive: d.isActive,
          submissionType: d.submissionType,
          chainId: d.chainId,
          escrowAmount: d.escrowAmount,
        };
      case T.TaskFunded:
        return { ...s, funding: 'funded', fundedTxHash: d.txHash };
      case T.TaskFundingAnomalyDetected:
        return { ...s, funding: 'funding_anomaly', fundedTxHash: d.txHash };
      case T.TaskFundingReverted:
        return { ...s, funding: 'awaiting_funding', fundedTxHash: null };
      case T.TaskActivated:
        return { ...s, isActive: true };
      case T.TaskDeactivated:
        return { ...s, isActive: false };
      case T.TaskRefunded:
        return { ...s, funding: 'refunded', refundTxHash: d.txHash };
      case T.TaskRefundReverted:
        return { ...s, funding: 'funded', refundTxHash: null };
      case T.SubmissionSubmitted:
        s.submissions.set(d.submissionId, {
          id: d.submissionId,
          userId: d.userId,
          status: 'pending',
          payout: null,
          payoutTxHash: null,
          releasedTxHash: null,
          aiValidated: false,
        });
        s.submissionByUser.set(d.userId, d.submissionId);
        return { ...s, pending: s.pending + 1 };
      case T.SubmissionAiValidated:
        this.sub(s, d).aiValidated = true;
        return s;
      case T.SubmissionApproved:
        this.sub(s, d).status = 'approved';
        return { ...s, pending: s.pending - 1, approved: s.approved + 1 };
      case T.SubmissionRejected:
        this.sub(s, d).status = 'rejected';
        return { ...s, pending: s.pending - 1 };
      case T.PayoutRequested:
        this.sub(s, d).payout = 'requested';
        return s;
      case T.PayoutSent: {
        const sub = this.sub(s, d);
        if (sub.payout !== 'released') Object.assign(sub, { payout: 'sent', payoutTxHash: d.txHash });
        return s;
      }
      case T.PayoutFailed: {
        const sub = this.sub(s, d);
        if (sub.payout !== 'released') sub.payout = 'failed';
        return s;
      }
      case T.RewardReleased:
        Object.assign(this.sub(s, d), { payout: 'released', releasedTxHash: d.txHash });
        return { ...s, released: s.released + 1 };
      case T.RewardReleaseReverted:
        Object.assign(this.sub(s, d), { payout: 'requested', releasedTxHash: null });
        return { ...s, released: s.released - 1 };
      default:
        return s;
    }
  }

  private sub(s: TaskState, d: { submissionId: number }): SubmissionState {
    const sub = s.submissions.get(d.submissionId);
    if (!sub) throw new Error(`event for unknown submission ${d.submissionId} in task ${this.id}`);
    return sub;
  }

  // ---- task lifecycle -------------------------------------------------------------------------------

  create(input: Omit<E.TaskCreatedData, 'taskId' | 'escrowAmount' | 'createdAt'>, now: Date): void {
    if (this.exists) throw conflict(`Task ${this.id} exists already`);
    this.raise<E.TaskCreatedData>(T.TaskCreated, {
      ...input,
      taskId: this.id,
      escrowAmount: escrowAmount(input.reward, input.maxCompletions).toString(),
      createdAt: now.toISOString(),
    });
  }

  private mustExist(): void {
    if (!this.exists) throw notFound(MESSAGES.taskNotFound);
  }

  /**
   * The chain says this task id was funded. Funding by someone other than the creator's wallet, or of
   * another amount, is recorded as an anomaly and the task is not listed.
   */
  recordFunding(fact: E.ChainFact, funder: string, amount: bigint, creatorWallet: string | null): void {
    this.mustExist();
    const key = chainFactKey(fact.chainId, fact.txHash, fact.logIndex, fact.blockHash);
    const base = { ...fact, taskId: this.id, funder, amount: amount.toString() };
    const reasons: string[] = [];
    if (this.state.funding !== 'awaiting_funding') reasons.push(`task is already ${this.state.funding}`);
    if (!creatorWallet || creatorWallet.toLowerCase() !== funder.toLowerCase()) {
      reasons.push(`funded by ${funder}, not by the creator's wallet ${creatorWallet ?? '(none linked)'}`);
    }
    if (amount.toString() !== this.state.escrowAmount) {
      reasons.push(`escrowed ${amount} base units instead of ${this.state.escrowAmount}`);
    }
    if (reasons.length) {
      this.raise<E.TaskFundingAnomalyData>(T.TaskFundingAnomalyDetected, { ...base, reason: reasons.join('; ') }, key);
    } else {
      this.raise<E.TaskFundedData>(T.TaskFunded, base, key);
    }
  }

  recordRefund(fact: E.ChainFact, amount: bigint): void {
    this.mustExist();
    this.raise<E.TaskRefundedData>(T.TaskRefunded, { ...fact, taskId: this.id, amount: amount.toString() },
      chainFactKey(fact.chainId, fact.txHash, fact.logIndex, fact.blockHash));
  }

  /** Compensates a funding or refund fact whose block was dropped by a reorganisation. */
  revertChainFact(kind: 'funding' | 'refund', txHash: string, logIndex: number): void {
    this.mustExist();
    if (kind === 'funding' && this.state.fundedTxHash?.toLowerCase() === txHash.toLowerCase()) {
      this.raise<E.ChainFactRevertedData>(T.TaskFundingReverted, { taskId: this.id, txHash, logIndex, fundingStatus: 'awaiting_funding' });
    }
    if (kind === 'refund' && this.state.refundTxHash?.toLowerCase() === txHash.toLowerCase()) {
      this.raise<E.ChainFactRevertedData>(T.TaskRefundReverted, { taskId: this.id, txHash, logIndex, fundingStatus: 'funded' });
    }
  }

  setActive(actor: Reviewer, isActive: boolean): void {
    this.mustExist();
    if (actor.id !== this.state.creatorId && !actor.isAdmin) throw forbidden(MESSAGES.notCreator);
    if (this.state.isActive === isActive) return;
    this.raise(isActive ? T.TaskActivated : T.TaskDeactivated, { taskId: this.id });
  }

  // ---- submissions ----------------------------------------------------------------------------------

  submit(submissionId: number, userId: number, proof: E.ProofData, now: Date): void {
    this.mustExist();
    const s = this.state;
    if (s.funding === 'refunded') throw conflict(MESSAGES.refunded);
    if (s.funding !== 'funded') throw conflict(MESSAGES.notFunded);
    if (!s.isActive) throw conflict(MESSAGES.inactive);
    if (now.getTime() >= s.deadline) throw conflict(MESSAGES.deadlinePassed);
    if (userId === s.creatorId) throw forbidden(MESSAGES.ownTask);
    if (s.submissionByUser.has(userId)) throw conflict(MESSAGES.alreadySubmitted);
    if (s.pending + s.approved >= s.maxCompletions) throw conflict(MESSAGES.full(s.maxCompletions));
    checkProofMatchesType(s.submissionType, proof);
    this.raise<E.SubmissionSubmittedData>(T.SubmissionSubmitted, {
      submissionId,
      taskId: this.id,
      userId,
      ...proof,
      createdAt: now.toISOString(),
    });
  }

  submission(submissionId: number): SubmissionState {
    const sub = this.state.submissions.get(submissionId);
    if (!sub) throw notFound(MESSAGES.submissionNotFound);
    return sub;
  }

  canReview(actor: Reviewer): boolean {
    return actor.isAdmin || actor.id === this.state.creatorId;
  }

  review(submissionId: number, reviewer: Reviewer, decision: 'approved' | 'rejected', feedback: string | null, now: Date): void {
    this.mustExist();
    const sub = this.submission(submissionId);
    if (!this.canReview(reviewer)) throw forbidden(MESSAGES.notReviewer);
    if (sub.userId === reviewer.id) throw forbidden(MESSAGES.ownSubmission);
    if (sub.status !== 'pending') throw conflict(MESSAGES.alreadyDecided(sub.status));
    const note = feedback?.trim() ? feedback.trim() : null;
    if (decision === 'rejected') {
      if (!note) throw badRequest(MESSAGES.feedbackRequired);
      this.raise<E.SubmissionRejectedData>(T.SubmissionRejected, {
        submissionId, taskId: this.id, userId: sub.userId, reviewerId: reviewer.id, feedback: note, reviewedAt: now.toISOString(),
      });
      return;
    }
    if (this.state.funding === 'refunded') throw conflict(MESSAGES.refunded);
    if (this.state.approved >= this.state.maxCompletions) throw conflict(MESSAGES.allApproved(this.state.maxCompletions));
    this.raise<E.SubmissionApprovedData>(T.SubmissionApproved, {
      submissionId, taskId: this.id, userId: sub.userId, reviewerId: reviewer.id, feedback: note, reward: this.state.reward,
      reviewedAt: now.toISOString(),
    });
  }

  recordAiValidation(submissionId: number, result: Record<string, unknown>, validatedBy: number | null, durationMs: number): void {
    this.mustExist();
    this.submission(submissionId);
    this.raise<E.SubmissionAiValidatedData>(T.SubmissionAiValidated, { submissionId, taskId: this.id, result, validatedBy, durationMs });
  }

  // ---- payouts --------------------------------------------------------------------------------------

  /**
   * Asks for the on-chain release of an approved submission's reward. Idempotent: a payout already
   * requested, sent or released is left as it is, so asking twice never pays twice. Returns whether a
   * new request was recorded.
   */
  requestPayout(submissionId: number, recipientWallet: string | null, requestedBy: number | null): boolean {
    this.mustExist();
    const sub = this.submission(submissionId);
    if (sub.status !== 'approved') throw conflict(MESSAGES.notApproved);
    if (this.state.funding === 'refunded') throw conflict(MESSAGES.refunded);
    if (sub.payout === 'requested' || sub.payout === 'sent' || sub.payout === 'released') return false;
    if (!recipientWallet || !isWalletAddress(recipientWallet)) {
      this.raise<E.PayoutFailedData>(T.PayoutFailed, {
        submissionId, taskId: this.id, reason: MESSAGES.invalidWallet(sub.userId), permanent: true,
      });
      return true;
    }
    this.raise<E.PayoutRequestedData>(T.PayoutRequested, {
      submissionId,
      taskId: this.id,
      userId: sub.userId,
      recipient: recipientWallet,
      amount: (BigInt(this.state.escrowAmount) / BigInt(this.state.maxCompletions)).toString(),
      requestedBy,
    });
    return true;
  }

  recordPayoutSent(submissionId: number, txHash: string): void {
    const sub = this.submission(submissionId);
    if (sub.payout === 'released' || sub.payoutTxHash === txHash) return;
    this.raise<E.PayoutSentData>(T.PayoutSent, { submissionId, taskId: this.id, txHash });
  }

  recordPayoutFailed(submissionId: number, reason: string, permanent: boolean): void {
    const sub = this.submission(submissionId);
    if (sub.payout === 'released') return;
    this.raise<E.PayoutFailedData>(T.PayoutFailed, { submissionId, taskId: this.id, reason, permanent });
  }

  recordRewardReleased(fact: E.ChainFact, submissionId: number, recipient: string, amount: bigint): void {
    const sub = this.submission(submissionId);
    if (sub.payout === 'released') {
      if (sub.releasedTxHash?.toLowerCase() === fact.txHash.toLowerCase()) return; // the same log again
      // The contract pays a submission id once ever, so a second log for it would be a contract bug.
      throw new DomainError(409, `submission ${submissionId} was already released in ${sub.releasedTxHash}`);
    }
    this.raise<E.RewardReleasedData>(T.RewardReleased, {
      ...fact, submissionId, taskId: this.id, userId: sub.userId, recipient, amount: amount.toString(), reward: this.state.reward,
    }, chainFactKey(fact.chainId, fact.txHash, fact.logIndex, fact.blockHash));
  }

  revertRewardReleased(submissionId: number, txHash: string, logIndex: number): void {
    const sub = this.submission(submissionId);
    if (sub.payout !== 'released' || sub.releasedTxHash?.toLowerCase() !== txHash.toLowerCase()) return;
    this.raise<E.RewardReleaseRevertedData>(T.RewardReleaseReverted, {
      submissionId, taskId: this.id, userId: sub.userId, reward: this.state.reward, txHash, logIndex,
    });
  }
}

const URL_RE = /^https?:\/\/[^\s/$.?#].[^\s]*$/i;

function present(v: string | null): v is string {
  return typeof v === 'string' && v.trim().length > 0;
}

/** Spec part 1 "On submit by type": the proof must be of the task's submission type. */
export function checkProofMatchesType(type: SubmissionType, p: E.ProofData): void {
  if (p.proofLink !== null && p.proofLink !== '' && !URL_RE.test(p.proofLink.trim())) throw badRequest('Please enter a valid URL');
  if (p.proofText !== null && p.proofText.trim() === '' && type !== 'link' && type !== 'file') {
    throw badRequest('Please provide proof text');
  }
  if (type === 'link' && !present(p.proofLink)) throw badRequest(MESSAGES.missingLink);
  if (type === 'text' && !present(p.proofText)) throw badRequest(MESSAGES.missingText);
  if (type === 'file' && !present(p.proofFileUrl)) throw badRequest(MESSAGES.missingFile);
  if (type === 'mixed' && !present(p.proofLink) && !present(p.proofText) && !present(p.proofFileUrl)) {
    throw badRequest(MESSAGES.missingProof);
  }
}
