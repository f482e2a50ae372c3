import { storableDateOfSeconds } from '../../common/dates';
import { centToBaseUnits } from '../../common/money';

/**
 * Defaults for tasks created before their review window and closing margin were recorded in TaskCreated
 * (the deploy script's default window, and the margin backend/README.md documents).
 */
export const DEFAULT_REVIEW_WINDOW_SECONDS = 7 * 24 * 3600;
export const DEFAULT_REVIEW_CLOSE_MARGIN_SECONDS = 3600;

/** A task's terms as `fund` takes them: base units, a count, unix seconds. */
export interface TaskEscrowTerms {
  taskId: bigint;
  reward: bigint;
  maxCompletions: bigint;
  deadline: bigint;
}

export function deadlineSeconds(deadline: string | Date | number): bigint {
  const ms = typeof deadline === 'number' ? deadline : typeof deadline === 'string' ? Date.parse(deadline) : deadline.getTime();
  return BigInt(Math.floor(ms / 1000));
}

export function taskEscrowTerms(taskId: number, rewardCent: number, maxCompletions: number, deadline: string | Date | number): TaskEscrowTerms {
  return {
    taskId: BigInt(taskId),
    reward: centToBaseUnits(rewardCent),
    maxCompletions: BigInt(maxCompletions),
    deadline: deadlineSeconds(deadline),
  };
}

/**
 * When the escrow of a deadline (unix seconds) can be refunded (`refundableAt` on chain: deadline +
 * reviewWindow + 1 s), and until when the app accepts approvals: the last second the contract still
 * releases (deadline + reviewWindow) minus the closing margin, so an approved payout is mined before
 * its funder can take the escrow back.
 *
 * Computed in bigint and clamped into what PostgreSQL and JavaScript store (common/dates.ts): new deadlines
 * are at most a year ahead, but an event stored before that bound (deadline 9999-12-31, or a chain's uint64)
 * must still give dates a read model can write and a view can print, never year 10000 or an Invalid Date.
 */
export function reviewTimes(deadline: bigint, reviewWindowSeconds: number, marginSeconds: number): { reviewUntil: Date; refundableAt: Date } {
  const end = deadline + BigInt(Math.trunc(reviewWindowSeconds));
  return {
    reviewUntil: storableDateOfSeconds(end - BigInt(Math.trunc(marginSeconds))),
    refundableAt: storableDateOfSeconds(end + 1n),
  };
}
