import * as E from './task.events';

/** `{ taskId }`: publishing a task or taking it down. */
export interface TaskVisibilityData {
  taskId: number;
}

/**
 * Every event type of a task stream and its data in the current shape: what `upcastTaskEvent`
 * (task-event-upcaster.ts) returns for any stored version of it, and what the evolvers take.
 */
export interface TaskEventDataMap {
  TaskCreated: E.TaskCreatedData;
  TaskFunded: E.TaskFundedData;
  TaskFundingAnomalyDetected: E.TaskFundingAnomalyData;
  TaskActivated: TaskVisibilityData;
  TaskDeactivated: TaskVisibilityData;
  TaskRefunded: E.TaskRefundedData;
  StrayEscrowRefunded: E.StrayEscrowRefundedData;
  TaskFundingReverted: E.ChainFactRevertedData;
  TaskRefundReverted: E.ChainFactRevertedData;
  SubmissionSubmitted: E.SubmissionSubmittedData;
  SubmissionAiValidated: E.SubmissionAiValidatedData;
  SubmissionApproved: E.SubmissionApprovedData;
  SubmissionRejected: E.SubmissionRejectedData;
  SubmissionReviewDueSoon: E.SubmissionReviewDueSoonData;
  SubmissionFlaggedForAdmins: E.SubmissionFlaggedForAdminsData;
  SubmissionSpamChecked: E.SubmissionSpamCheckedData;
  TaskReviewCutOff: E.TaskReviewCutOffData;
  PayoutRequested: E.PayoutRequestedData;
  PayoutSent: E.PayoutSentData;
  PayoutFailed: E.PayoutFailedData;
  RewardReleased: E.RewardReleasedData;
  RewardReleaseReverted: E.RewardReleaseRevertedData;
  PayoutAnomalyDetected: E.PayoutAnomalyData;
  PayoutAnomalyReverted: E.PayoutAnomalyRevertedData;
  SubmissionChangesRequested: E.SubmissionChangesRequestedData;
  SubmissionResubmitted: E.SubmissionResubmittedData;
  SubmissionAppealed: E.SubmissionAppealedData;
  SubmissionAppealUpheld: E.SubmissionAppealDecidedData;
  SubmissionAppealOverturned: E.SubmissionAppealDecidedData;
}

export type TaskEventType = keyof TaskEventDataMap;

/** One event of a task stream (or of the given types): a discriminated union on `type`. */
export type TaskEvent<K extends TaskEventType = TaskEventType> = { [P in K]: { readonly type: P; readonly data: TaskEventDataMap[P] } }[K];

// Every name in TaskEvents has its data here, and nothing else is (checked by the compiler).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const everyTypeHasData: Same<TaskEventType, keyof typeof E.TaskEvents> = true;
void everyTypeHasData;

export function isTaskEventType(type: string): type is TaskEventType {
  return Object.prototype.hasOwnProperty.call(E.TaskEvents, type);
}
