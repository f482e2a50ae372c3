import { conflict } from '../../common/domain-error';
import { centToBaseUnits } from '../../common/money';
import { isWalletAddress } from '../../common/wallet-address';
import { chainFactKey } from '../../event-store/stored-event';
import * as E from './task.events';
import { ReleasedLog } from './escrow-log';
import { MESSAGES } from './task.messages';
import type { StoredPayoutFailedData } from './task-event-upcaster';
import { EvolverTable, Raised, TaskState, sameHex, submissionOf, withEscrow, withSubmission } from './task.state';

const T = E.TaskEvents;

/** Payouts: requests, the worker's progress, and RewardReleased logs believed only when they match. */
export const payoutEvolvers = {
  [T.PayoutRequested]: (s, d) =>
    withSubmission(s, d.submissionId, () => ({ payout: 'requested', recipient: d.recipient, payoutFailure: null })),
  [T.PayoutSent]: (s, d) =>
    withSubmission(s, d.submissionId, (sub) => (sub.payout === 'released' ? {} : { payout: 'sent', payoutTxHash: d.txHash })),
  [T.PayoutFailed]: (s, d) =>
    withSubmission(s, d.submissionId, (sub) => (sub.payout === 'released' ? {} : { payout: 'failed', payoutFailure: d.cause })),
  [T.RewardReleased]: (s, d) => ({
    ...withSubmission(s, d.submissionId, () => ({ payout: 'released', releasedTxHash: d.txHash })),
    released: s.released + 1,
  }),
  [T.RewardReleaseReverted]: (s, d) => ({
    ...withSubmission(s, d.submissionId, () => ({ payout: 'requested', releasedTxHash: null })),
    released: s.released - 1,
  }),
  [T.PayoutAnomalyDetected]: (s, d) =>
    withEscrow(s, { payoutAnomalies: [...s.escrow.payoutAnomalies, { key: d.key || null, submissionId: d.submissionId, txHash: d.txHash, logIndex: d.logIndex }] }),
  [T.PayoutAnomalyReverted]: (s, d) =>
    withEscrow(s, { payoutAnomalies: s.escrow.payoutAnomalies.filter((a) => !(sameHex(a.txHash, d.txHash) && a.logIndex === d.logIndex)) }),
} satisfies EvolverTable;

/**
 * Releases from the task's own escrow that the app did not decide (payout anomalies of its key that are not
 * an approved submission's payout): each used one of the escrow's `maxCompletions` payouts, so the app
 * counts them before it accepts a submission or an approval (the one home of that rule).
 */
export function releasesNotDecided(s: TaskState): number {
  const own = (a: { key?: string | null }) => !a.key || !s.escrow.key || sameHex(a.key, s.escrow.key);
  return s.escrow.payoutAnomalies.filter((a) => own(a) && s.submissions.get(a.submissionId)?.status !== 'approved').length;
}

/**
 * Asks for the on-chain release of an approved submission's reward. Idempotent: a payout already
 * requested, sent or released is left as it is, so asking twice never pays twice. An earner without a
 * wallet gets a failure they, the creator and the admins see (cause no_wallet, requested again when a
 * wallet is linked); asking again while they still have none changes nothing and says so.
 */
export function decideRequestPayout(s: TaskState, taskId: number, submissionId: number, recipientWallet: string | null, requestedBy: number | null): Raised[] {
  const sub = submissionOf(s, submissionId);
  if (sub.status !== 'approved') throw conflict(MESSAGES.notApproved);
  if (s.escrow.status === 'refunded') throw conflict(MESSAGES.refunded);
  if (sub.payout === 'requested' || sub.payout === 'sent' || sub.payout === 'released') return [];
  if (!recipientWallet || !isWalletAddress(recipientWallet)) {
    if (sub.payout === 'failed' && sub.payoutFailure === 'no_wallet') throw conflict(MESSAGES.noWalletYet);
    const failed: E.PayoutFailedData = {
      submissionId, taskId, reason: MESSAGES.payoutFailed.no_wallet(sub.userId), permanent: true, cause: 'no_wallet',
    };
    return [{ type: T.PayoutFailed, data: failed }];
  }
  const data: E.PayoutRequestedData = {
    submissionId, taskId, userId: sub.userId, recipient: recipientWallet, amount: centToBaseUnits(s.reward).toString(), requestedBy,
  };
  return [{ type: T.PayoutRequested, data }];
}

export function decidePayoutSent(s: TaskState, taskId: number, submissionId: number, txHash: string): Raised[] {
  const sub = submissionOf(s, submissionId);
  if (sub.payout === 'released' || sub.payoutTxHash === txHash) return [];
  return [{ type: T.PayoutSent, data: { submissionId, taskId, txHash } satisfies E.PayoutSentData }];
}

/** `detail` is the escrow's own words; with a cause, the recorded reason says what happens next and who can act. */
export function decidePayoutFailed(
  s: TaskState, taskId: number, submissionId: number, detail: string, permanent: boolean, cause?: E.PayoutFailureCause,
): Raised[] {
  const sub = submissionOf(s, submissionId);
  if (sub.payout === 'released') return [];
  const reason = !cause ? detail : cause === 'no_wallet' ? MESSAGES.payoutFailed.no_wallet(sub.userId) : MESSAGES.payoutFailed[cause](detail);
  return [{ type: T.PayoutFailed, data: { submissionId, taskId, reason, permanent, ...(cause ? { cause } : {}) } satisfies StoredPayoutFailedData }];
}

/**
 * The task's escrow was refunded: every approved submission not paid yet can no longer be paid from it. Each
 * gets a permanent failure (cause refunded) that the earner, the creator and the admins see, instead of an
 * approval left silently unpaid next to a refunded escrow.
 */
export function decidePayoutsLostToRefund(s: TaskState, taskId: number, refundTxHash: string): Raised[] {
  if (s.escrow.status !== 'refunded') return [];
  return [...s.submissions.values()]
    .filter((sub) => sub.status === 'approved' && sub.payout !== 'released' && !(sub.payout === 'failed' && sub.payoutFailure === 'refunded'))
    .map((sub) => {
      const data: E.PayoutFailedData = {
        submissionId: sub.id, taskId, reason: MESSAGES.payoutFailed.refunded(`refund ${refundTxHash}`), permanent: true, cause: 'refunded',
      };
      return { type: T.PayoutFailed, data };
    });
}

/**
 * The task is funded (again): every approved payout that failed only because the escrow was not funded
 * (`not_funded`), or because a refund that a reorganisation then dropped came first (`refunded`), is requested
 * again, to the wallet it was requested for (raised with the fact that funded it, in the same append).
 */
export function decidePayoutsAfterFunding(s: TaskState, taskId: number, cause: 'not_funded' | 'refunded' = 'not_funded'): Raised[] {
  if (s.escrow.status !== 'funded') return [];
  return [...s.submissions.values()]
    .filter((sub) => sub.status === 'approved' && sub.payout === 'failed' && sub.payoutFailure === cause && sub.recipient)
    .map((sub) => {
      const data: E.PayoutRequestedData = {
        submissionId: sub.id, taskId, userId: sub.userId, recipient: sub.recipient!, amount: centToBaseUnits(s.reward).toString(), requestedBy: null,
      };
      return { type: T.PayoutRequested, data };
    });
}

/**
 * A RewardReleased log is the submission's payout only if the submission is approved, the recipient is the
 * wallet its payout was requested for, the amount is the task's reward and the key is the task's funded
 * escrow. Anything else is a payout anomaly for admins: the submission is not paid, the leaderboard unchanged.
 */
export function decideRewardReleased(s: TaskState, taskId: number, log: ReleasedLog): Raised[] {
  const id = log.submissionId;
  const sub = s.submissions.get(id);
  const reward = centToBaseUnits(s.reward);
  const problems: Array<[E.PayoutAnomalyKind, string]> = [];
  // The escrow first: a release from another escrow is not this task's payout, whatever else it matches.
  if (log.key !== null && !sameHex(log.key, s.escrow.key)) {
    problems.push(['wrong_escrow', s.escrow.key
      ? `released from escrow ${log.key}, not from the task's escrow ${s.escrow.key}`
      : `released from escrow ${log.key} while the task has no funded escrow`]);
  }
  if (!sub) problems.push(['unknown_submission', `submission ${id} is not a submission of task ${taskId}`]);
  else {
    if (sub.status !== 'approved') problems.push(['not_approved', `submission ${id} is ${sub.status}, not approved`]);
    else if (!sub.recipient) problems.push(['wrong_recipient', `no payout was requested for submission ${id}`]);
    else if (!sameHex(sub.recipient, log.recipient)) {
      problems.push(['wrong_recipient', `paid to ${log.recipient}, but the payout was requested for ${sub.recipient}`]);
    }
    if (sub.payout === 'released') problems.push(['paid_twice', `submission ${id} was already paid in ${sub.releasedTxHash}`]);
  }
  if (log.amount !== reward) problems.push(['wrong_amount', `released ${log.amount} base units instead of the reward ${reward}`]);
  const idempotencyKey = chainFactKey(log.fact.chainId, log.fact.txHash, log.fact.logIndex, log.fact.blockHash);
  const key = log.key ?? s.escrow.key ?? '';
  if (problems.length) {
    const data: E.PayoutAnomalyData = {
      ...log.fact, taskId, submissionId: id, key, recipient: log.recipient, amount: log.amount.toString(),
      kind: problems[0][0], reason: problems.map((p) => p[1]).join('; '),
    };
    return [{ type: T.PayoutAnomalyDetected, data, idempotencyKey }];
  }
  const data: E.RewardReleasedData = {
    ...log.fact, submissionId: id, taskId, userId: sub!.userId, ...(key ? { key } : {}), recipient: log.recipient,
    amount: log.amount.toString(), reward: s.reward,
  };
  return [{ type: T.RewardReleased, data, idempotencyKey }];
}

/** Compensates a RewardReleased log whose block a reorganisation dropped (payout or anomaly). */
export function decideRevertRewardReleased(s: TaskState, taskId: number, submissionId: number, txHash: string, logIndex: number): Raised[] {
  const anomaly = s.escrow.payoutAnomalies.find((a) => sameHex(a.txHash, txHash) && a.logIndex === logIndex);
  if (anomaly) return [{ type: T.PayoutAnomalyReverted, data: { taskId, submissionId, txHash, logIndex } satisfies E.PayoutAnomalyRevertedData }];
  const sub = s.submissions.get(submissionId);
  if (!sub || sub.payout !== 'released' || !sameHex(sub.releasedTxHash, txHash)) return [];
  const data: E.RewardReleaseRevertedData = {
    submissionId, taskId, userId: sub.userId, reward: s.reward, amount: centToBaseUnits(s.reward).toString(), txHash, logIndex,
  };
  return [{ type: T.RewardReleaseReverted, data }];
}
