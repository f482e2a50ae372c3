import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { notFound } from '../../common/domain-error';
import { ProjectionRunner } from '../../projections/projection-runner';
import { ALL_CATEGORIES_LABEL, ListTasksQuery, TaskSort } from '../dto/list-tasks.query';
import { MESSAGES } from '../task.aggregate';
import { ReadCache } from './read-cache';
import { CursorPosition, SORT_ORDER, decodeCursor, encodeCursor } from './task-cursor';
import { TASK_COLUMNS, TaskRow, TaskView, toTaskView } from './task.view';

export interface Viewer {
  id: number;
  isAdmin: boolean;
}

export interface TaskPage {
  items: TaskView[];
  nextCursor: string | null;
  total: number;
}

/** A page as cached: rows, so that what depends on the viewer (funding anomalies) is added per request. */
interface RowPage {
  rows: TaskRow[];
  nextCursor: string | null;
  total: number;
}

/** Publicly visible: funded (escrow confirmed on chain) and published (not a draft). */
export const PUBLIC_TASK = `t.funding_status = 'funded' AND t.is_active`;
/** Someone can still submit: a free slot (the aggregate's rule: pending + approved < max) before the deadline. */
export const OPEN_TASK = `t.completions + t.pending_submissions < t.max_completions AND t.deadline > now()`;

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => '\\' + c);
}

/** Reads of the `tasks` projection for the API. Every list is one or two statements, never one per row. */
@Injectable()
export class TaskQueries {
  /** Pages of the public list (the browser's first page is by far the most asked for). */
  private readonly pages: ReadCache<RowPage> | null;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly projections: ProjectionRunner,
  ) {
    this.pages = config.LIST_CACHE_TTL_MS > 0 ? new ReadCache<RowPage>(500, config.LIST_CACHE_TTL_MS) : null;
  }

  private viewFor = (viewer: Viewer | undefined) => (row: TaskRow): TaskView => toTaskView(row, this.config, viewer);

  /** GET /api/tasks: the plain array (no paging parameter) or a keyset page. */
  async list(q: ListTasksQuery, viewer: Viewer | undefined): Promise<TaskView[] | TaskPage> {
    const sort: TaskSort = q.sort ?? 'newest';
    const order = SORT_ORDER[sort];
    const params: unknown[] = [];
    const p = (v: unknown) => `$${params.push(v)}`;
    const where = [PUBLIC_TASK];
    if (q.search?.trim()) {
      const like = p(`%${escapeLike(q.search.trim())}%`);
      where.push(`(t.title ILIKE ${like} OR t.description ILIKE ${like})`);
    }
    if (q.category && q.category !== ALL_CATEGORIES_LABEL) where.push(`t.category = ${p(q.category)}`);
    if (q.minReward !== undefined) where.push(`t.reward >= ${p(q.minReward)}`);
    if (q.maxReward !== undefined) where.push(`t.reward <= ${p(q.maxReward)}`);
    if (q.available) {
      where.push(OPEN_TASK);
      if (viewer) where.push(`NOT EXISTS (SELECT 1 FROM submissions s WHERE s.task_id = t.id AND s.user_id = ${p(viewer.id)})`);
    }
    const dir = order.desc ? 'DESC' : 'ASC';
    const orderBy = `ORDER BY t.${order.column} ${dir}, t.id ${dir}`;
    const paged = q.limit !== undefined || q.cursor !== undefined;
    if (!paged) {
      const rows: TaskRow[] = await this.dataSource.query(
        `SELECT ${TASK_COLUMNS} FROM tasks t WHERE ${where.join(' AND ')} ${orderBy}`,
        params,
      );
      return rows.map(this.viewFor(viewer));
    }

    // Only `available` for a signed-in viewer depends on who asks.
    const key = JSON.stringify([sort, q.search ?? null, q.category ?? null, q.minReward ?? null, q.maxReward ?? null,
      q.available ?? false, q.available && viewer ? viewer.id : null, q.limit ?? null, q.cursor ?? null]);
    const load = () => this.page(q, sort, where, params, orderBy);
    const page = await (this.pages ? this.pages.get(key, this.projections.position, load) : load());
    return { items: page.rows.map(this.viewFor(viewer)), nextCursor: page.nextCursor, total: page.total };
  }

  private async page(q: ListTasksQuery, sort: TaskSort, where: string[], params: unknown[], orderBy: string): Promise<RowPage> {
    const order = SORT_ORDER[sort];
    const p = (v: unknown) => `$${params.push(v)}`;
    const limit = q.limit ?? 24;
    const filterWhere = where.join(' AND ');
    const filterParams = [...params];
    if (q.cursor) {
      const at: CursorPosition = decodeCursor(sort, q.cursor);
      const cast = order.kind === 'time' ? '::timestamptz' : '::int';
      where.push(`(t.${order.column}, t.id) ${order.desc ? '<' : '>'} (${p(at.key)}${cast}, ${p(at.id)}::int)`);
    }
    // The page and the count run side by side on two pooled connections.
    const [rows, counted] = await Promise.all([
      this.dataSource.query(
        `SELECT ${TASK_COLUMNS} FROM tasks t WHERE ${where.join(' AND ')} ${orderBy} LIMIT ${limit + 1}`,
        params,
      ) as Promise<TaskRow[]>,
      this.dataSource.query(`SELECT count(*)::int AS n FROM tasks t WHERE ${filterWhere}`, filterParams) as Promise<
        Array<{ n: number }>
      >,
    ]);
    const more = rows.length > limit;
    const page = more ? rows.slice(0, limit) : rows;
    const last = page[page.length - 1];
    const nextCursor = more && last ? encodeCursor(sort, { id: last.id, key: cursorKey(last, order.column) }) : null;
    return { rows: page, nextCursor, total: counted[0].n };
  }

  /**
   * One task for this viewer: public tasks to anyone; drafts, unfunded, refunded and anomalous tasks to their
   * creator, admins and users who submitted to them. 404 otherwise, so hidden tasks do not leak.
   */
  async findVisible(id: number, viewer: Viewer | undefined): Promise<TaskView> {
    const rows: TaskRow[] = await this.dataSource.query(
      `SELECT ${TASK_COLUMNS} FROM tasks t
        WHERE t.id = $1
          AND (${PUBLIC_TASK} OR t.creator_id = $2 OR $3::boolean
               OR EXISTS (SELECT 1 FROM submissions s WHERE s.task_id = t.id AND s.user_id = $2))`,
      [id, viewer?.id ?? -1, viewer?.isAdmin ?? false],
    );
    if (!rows.length) throw notFound(MESSAGES.taskNotFound);
    return this.viewFor(viewer)(rows[0]);
  }

  /** Every task of a creator, whatever its funding state (their dashboard), newest first. */
  async byCreator(creatorId: number, viewer: Viewer): Promise<TaskView[]> {
    const rows: TaskRow[] = await this.dataSource.query(
      `SELECT ${TASK_COLUMNS} FROM tasks t WHERE t.creator_id = $1 ORDER BY t.created_at DESC, t.id DESC`,
      [creatorId],
    );
    return rows.map(this.viewFor(viewer));
  }

  /** Who created a task, or null when there is no such task. */
  async creatorOf(id: number): Promise<number | null> {
    const rows: Array<{ creator_id: number }> = await this.dataSource.query(`SELECT creator_id FROM tasks WHERE id = $1`, [id]);
    return rows.length ? rows[0].creator_id : null;
  }
}

function cursorKey(task: TaskRow, column: string): number | string {
  if (column === 'reward') return task.reward;
  const d = column === 'deadline' ? task.deadline : task.createdAt;
  return new Date(d).toISOString();
}
