import { Injectable } from '@nestjs/common';
import { QueryRunner } from 'typeorm';
import { StoredEvent } from '../event-store/stored-event';
import { Projection, ProjectionBatch, ReadModelProjection } from '../projections/projection';
import { changesOf } from './change-rules';
import { NotificationEvents as N } from './notification.events';
import { TaskDirectory } from './task-directory';

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
    const rows: unknown[] = [];
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
  }

  private flushRows(rows: unknown[], batch: ProjectionBatch): void {
    if (!rows.length) return;
    batch.write(
      `INSERT INTO notifications (position, user_id, kind, task_id, task_title, submission_id, detail, created_at)
       SELECT position, user_id, kind, task_id, task_title, submission_id, detail, created_at
         FROM jsonb_populate_recordset(NULL::notifications, $1::jsonb)
       ON CONFLICT (position, user_id) DO NOTHING`,
      [JSON.stringify(rows)],
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
