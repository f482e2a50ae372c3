import { Injectable } from '@nestjs/common';
import { QueryRunner } from 'typeorm';
import { StoredEvent } from '../event-store/stored-event';
import { ColumnKind, columnArrayLiteral } from '../projections/column-arrays';
import { Projection, ProjectionBatch, ReadModelProjection } from '../projections/projection';
import { TaskEvents as T } from '../tasks/domain/task.events';
import { NotificationKinds, changesOf } from './change-rules';
import { NotificationEvents as N } from './notification.events';
import { TaskDirectory } from './task-directory';

/** The columns of a notification row as `flushRows` writes them, with how each one's values are written. */
const NOTIFICATION_COLUMNS: Array<[string, ColumnKind]> = [
  ['position', 'text'], ['user_id', 'text'], ['kind', 'text'], ['task_id', 'text'],
  ['task_title', 'text'], ['submission_id', 'text'], ['detail', 'json'], ['created_at', 'text'],
];

/**
 * The `notifications` read table: one row per (event, user) that a user should read about, keyed by the
 * event's global position so a rebuild yields the same ids; read marks come from the user's own
 * NotificationRead / AllNotificationsRead events, so they survive a rebuild too.
 */
@Injectable()
@ReadModelProjection()
export class NotificationsProjection implements Projection {
  readonly name = 'notifications';
  readonly tables = ['notifications'];

  constructor(private readonly directory: TaskDirectory) {}

  async apply(events: StoredEvent[], tx: QueryRunner, batch: ProjectionBatch): Promise<void> {
    await this.directory.prepare(events, tx);
    const rows: Array<Record<string, unknown>> = [];
    for (const e of events) {
      this.directory.observe(e);
      if (e.type === N.NotificationRead || e.type === N.AllNotificationsRead) {
        this.flushRows(rows, batch); // rows before the read mark must exist when it is applied (writes run in order)
        this.markRead(e, batch);
        continue;
      }
      for (const c of changesOf(e, this.directory.get(e.data?.taskId))) {
        if (!c.notify) continue;
        rows.push({
          position: e.globalPosition.toString(),
          user_id: c.userId,
          kind: c.kind,
          task_id: c.taskId,
          task_title: this.directory.get(c.taskId)?.title ?? null,
          submission_id: c.submissionId,
          detail: c.detail,
          created_at: e.createdAt.toISOString(),
        });
      }
    }
    this.flushRows(rows, batch);
    this.alertAdmins(events, batch);
  }

  /**
   * Admins are told of what only they can act on: every release the app did not request (a payout anomaly:
   * the releaser key may be misused), every approved reward that could not be paid (a permanent payout
   * failure) and every appeal filed (only admins decide appeals). Fanned out to the admins the users read model knows in this batch's transaction (as the
   * projection quarantine does); an admin who is also the task's creator keeps their own row.
   */
  private alertAdmins(events: StoredEvent[], batch: ProjectionBatch): void {
    const alerts: unknown[] = [];
    for (const e of events) {
      const kind = adminAlertKind(e);
      if (!kind) continue;
      const [change] = changesOf(e, this.directory.get(e.data?.taskId));
      alerts.push({
        position: e.globalPosition.toString(),
        kind,
        task_id: e.data.taskId,
        task_title: this.directory.get(e.data.taskId)?.title ?? null,
        submission_id: typeof e.data.submissionId === 'number' ? e.data.submissionId : null,
        detail: change?.detail ?? { reason: e.data.reason ?? null },
        created_at: e.createdAt.toISOString(),
      });
    }
    if (!alerts.length) return;
    batch.write(
      `INSERT INTO notifications (position, user_id, kind, task_id, task_title, submission_id, detail, created_at)
       SELECT a.position, u.id, a.kind, a.task_id, a.task_title, a.submission_id, a.detail, a.created_at
         FROM jsonb_to_recordset($1::jsonb) AS a(position bigint, kind text, task_id integer, task_title text, submission_id integer,
                                                 detail jsonb, created_at timestamptz)
         CROSS JOIN users u
        WHERE u.is_admin
       ON CONFLICT (position, user_id) DO NOTHING`,
      [JSON.stringify(alerts)],
    );
  }

  private flushRows(rows: Array<Record<string, unknown>>, batch: ProjectionBatch): void {
    if (!rows.length) return;
    // One typed array per column (column-arrays.ts): a backfill writes a notification per payout.
    batch.write(
      `INSERT INTO notifications (position, user_id, kind, task_id, task_title, submission_id, detail, created_at)
       SELECT * FROM unnest($1::bigint[], $2::int[], $3::text[], $4::int[], $5::text[], $6::int[], $7::jsonb[], $8::timestamptz[])
       ON CONFLICT (position, user_id) DO NOTHING`,
      NOTIFICATION_COLUMNS.map(([c, kind]) => columnArrayLiteral(rows.map((r) => r[c]), kind)),
    );
    rows.length = 0;
  }

  private markRead(e: StoredEvent, batch: ProjectionBatch): void {
    const at = e.createdAt.toISOString();
    if (e.type === N.NotificationRead) {
      batch.write(
        `UPDATE notifications SET read_at = $3 WHERE user_id = $1 AND position = $2 AND read_at IS NULL`,
        [e.data.userId, e.data.notificationId, at],
      );
    } else {
      batch.write(
        `UPDATE notifications SET read_at = $3 WHERE user_id = $1 AND position <= $2 AND read_at IS NULL`,
        [e.data.userId, e.data.upTo, at],
      );
    }
  }
}

/** The admins' notification for an event, or null: payout anomalies, permanent payout failures, appeals to decide. */
function adminAlertKind(e: StoredEvent): string | null {
  if (!e.streamId.startsWith('task-') || typeof e.data?.taskId !== 'number') return null;
  if (e.type === T.PayoutAnomalyDetected) return NotificationKinds.TaskAnomaly;
  if (e.type === T.PayoutFailed && e.data.permanent) return NotificationKinds.PayoutFailed;
  if (e.type === T.SubmissionAppealed) return NotificationKinds.AppealToDecide;
  return null;
}
