import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { NotificationPage, NotificationView } from './notification.view';

interface NotificationRow {
  id: string;
  kind: string;
  task_id: number;
  task_title: string | null;
  submission_id: number | null;
  detail: Record<string, string | number>;
  read_at: Date | null;
  created_at: Date;
}

@Injectable()
export class NotificationQueries {
  constructor(private readonly dataSource: DataSource) {}

  /** A page of the user's notifications, newest first; `cursor` is the last id of the previous page. */
  async page(userId: number, limit: number, cursor: string | null): Promise<NotificationPage> {
    const [rows, [{ unread }]] = await Promise.all([
      this.dataSource.query(
        `SELECT position::text AS id, kind, task_id, task_title, submission_id, detail, read_at, created_at
           FROM notifications
          WHERE user_id = $1 AND ($2::bigint IS NULL OR position < $2::bigint)
          ORDER BY notifications.position DESC
          LIMIT $3`,
        [userId, cursor, limit + 1],
      ) as Promise<NotificationRow[]>,
      this.dataSource.query(`SELECT count(*)::int AS unread FROM notifications WHERE user_id = $1 AND read_at IS NULL`, [userId]) as Promise<
        Array<{ unread: number }>
      >,
    ]);
    const items = rows.slice(0, limit).map(toView);
    return { items, nextCursor: rows.length > limit ? items[items.length - 1].id : null, unreadCount: unread };
  }
}

function toView(r: NotificationRow): NotificationView {
  return {
    id: r.id,
    kind: r.kind,
    taskId: r.task_id,
    taskTitle: r.task_title,
    submissionId: r.submission_id,
    detail: r.detail,
    read: r.read_at !== null,
    createdAt: r.created_at.toISOString(),
  };
}
