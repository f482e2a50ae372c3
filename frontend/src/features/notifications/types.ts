/** GET /api/notifications and the live stream's `change` frames (backend/src/notifications, backend/src/live). */
export type NotificationKind =
  | 'submission_received'
  | 'submission_approved'
  | 'submission_rejected'
  | 'payout_sent'
  | 'payout_confirmed'
  | 'payout_failed'
  | 'payout_reverted'
  | 'task_funded'
  | 'task_refunded'
  | 'task_anomaly'
  /** Review deadlines (issue 22): the creator's warning, and the system's approval (earner and creator). */
  | 'auto_approval_soon'
  | 'submission_auto_approved'
  /** Revise and resubmit, appeals (issue 22): to the earner, except resubmitted (the creator) and overturned (both). */
  | 'changes_requested'
  | 'submission_resubmitted'
  | 'appeal_filed'
  | 'appeal_upheld'
  | 'appeal_overturned'
  /** Admins only: an appeal waits for their decision. */
  | 'appeal_to_decide'
  /** Admins only: a read model set an event aside (detail: projection, eventType, streamId, reason). */
  | 'projection_quarantined';

export interface AppNotification {
  id: string;
  kind: NotificationKind;
  taskId: number;
  taskTitle: string | null;
  submissionId: number | null;
  detail: Record<string, string | number>;
  read: boolean;
  createdAt: string;
}

export interface NotificationPage {
  items: AppNotification[];
  nextCursor: string | null;
  unreadCount: number;
}

/** One `event: change` frame: a notification kind, or submission_changed / task_changed (nothing to read). */
export interface LiveChange {
  kind: NotificationKind | 'submission_changed' | 'task_changed';
  notification: boolean;
  taskId: number;
  submissionId: number | null;
  detail: Record<string, string | number>;
}
