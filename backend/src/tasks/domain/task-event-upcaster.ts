import { centToBaseUnits } from '../../common/money';
import { DEFAULT_REVIEW_CLOSE_MARGIN_SECONDS, DEFAULT_REVIEW_WINDOW_SECONDS } from './task-escrow-terms';
import { DEFAULT_REVIEW_WITHIN_SECONDS } from './task-review-deadline';
import { TaskEvent, TaskEventDataMap, TaskEventType, isTaskEventType } from './task-event';
import * as E from './task.events';

/** `T` with the fields `K` optional: an event as older versions of the app (or a caller naming no cause) stored it. */
type Loosen<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;

/** TaskCreated before the review window, closing margin and "auto-approve after" were recorded. */
export type StoredTaskCreatedData = Loosen<E.TaskCreatedData, 'reviewWindowSeconds' | 'reviewCloseMarginSeconds' | 'reviewWithinSeconds'>;
/** A funding's terms as stored: without `key` when the log had none. */
export type StoredFundingTermsData = Loosen<E.FundingTermsData, 'key'>;
/** TaskFunded as stored (no key before v2). */
export type StoredTaskFundedData = Loosen<E.TaskFundedData, 'key'>;
/** TaskFundingAnomalyDetected before v2 (no kind, no recovery, no key). */
export type StoredTaskFundingAnomalyData = Loosen<E.TaskFundingAnomalyData, 'kind' | 'recovery' | 'key'>;
/** A reorganisation's compensation before anomalies could be compensated (always the task's own escrow). */
export type StoredChainFactRevertedData = Loosen<E.ChainFactRevertedData, 'target'>;
/** PayoutFailed before causes existed, or recorded with none (the reason says it). */
export type StoredPayoutFailedData = Loosen<E.PayoutFailedData, 'cause'>;
/** RewardReleaseReverted before the released amount was recorded. */
export type StoredRewardReleaseRevertedData = Loosen<E.RewardReleaseRevertedData, 'amount'>;

/** An event as the store returns it (or as a decision raises it): any version of its data. */
export interface RawTaskEvent {
  readonly type: string;
  readonly data: unknown;
}

/**
 * Every older shape of a task stream's events brought to the current one, in one place: applied whenever
 * task events are read (the aggregate's fold, the read models), so no evolver or projection needs to know
 * which fields older events lack. Stored events are never rewritten (the store is append-only).
 */
export function upcastTaskEvent(raw: RawTaskEvent): TaskEvent {
  const type = raw.type;
  if (!isTaskEventType(type)) throw new Error(`${type} is no event of a task stream`);
  switch (type) {
    case 'TaskCreated': {
      const d = raw.data as StoredTaskCreatedData;
      return {
        type,
        data: {
          ...d,
          reviewWindowSeconds: d.reviewWindowSeconds ?? DEFAULT_REVIEW_WINDOW_SECONDS,
          reviewCloseMarginSeconds: d.reviewCloseMarginSeconds ?? DEFAULT_REVIEW_CLOSE_MARGIN_SECONDS,
          reviewWithinSeconds: d.reviewWithinSeconds ?? DEFAULT_REVIEW_WITHIN_SECONDS,
        },
      };
    }
    case 'TaskFunded': {
      const d = raw.data as StoredTaskFundedData;
      return { type, data: { ...d, key: d.key ?? null } };
    }
    case 'TaskFundingAnomalyDetected': {
      const d = raw.data as StoredTaskFundingAnomalyData;
      // Before v2 the only anomaly recorded was a funding whose terms differed.
      return { type, data: { ...d, key: d.key ?? null, kind: d.kind ?? 'wrong_terms', recovery: d.recovery ?? null } };
    }
    case 'TaskFundingReverted':
    case 'TaskRefundReverted': {
      const d = raw.data as StoredChainFactRevertedData;
      return { type, data: { ...d, target: d.target ?? 'escrow' } };
    }
    case 'PayoutFailed': {
      const d = raw.data as StoredPayoutFailedData;
      return { type, data: { ...d, cause: d.cause ?? causeInReason(d.reason) } };
    }
    case 'RewardReleaseReverted': {
      const d = raw.data as StoredRewardReleaseRevertedData;
      return { type, data: { ...d, amount: d.amount ?? centToBaseUnits(d.reward).toString() } };
    }
    default:
      // Every other type has one shape so far: its stored data is the current one.
      return { type, data: raw.data } as TaskEvent;
  }
}

/** The current shape of one stored event's data whose type the caller has checked already (a read model's switch). */
export function upcastTaskEventData<K extends TaskEventType>(type: K, data: unknown): TaskEventDataMap[K] {
  return upcastTaskEvent({ type, data }).data as TaskEventDataMap[K];
}

/** PayoutFailed events recorded without a cause say it in their reason only (the escrow's error names). */
function causeInReason(reason: string): E.PayoutFailureCause {
  if (/^Invalid wallet address/.test(reason)) return 'no_wallet';
  if (/EscrowNotFunded/.test(reason)) return 'not_funded';
  if (/MaxCompletionsExceeded/.test(reason)) return 'escrow_full';
  return 'escrow_refused';
}
