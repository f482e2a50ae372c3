import { Inject, Injectable, OnModuleDestroy, Optional } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { notFound } from '../../common/domain-error';
import { StoreFollower } from '../../live/store-follower';
import { ProjectionRunner } from '../../projections/projection-runner';
import { DEFAULT_PAGE, ListTasksQuery, PLAIN_LIST_MAX, TaskSort } from '../dto/list-tasks.query';
import { MESSAGES } from '../domain/task.aggregate';
import { TasksProjection } from '../tasks.projection';
import { ListedRows } from './listing-cache';
import { ListingJson } from './listing-json';
import { ListingPageCache, listingKeys } from './listing-page-cache';
import {
  CREATOR_TASKS_SQL, NEXT_OPEN_DEADLINE_SQL, SEARCH_MISSES_SQL, TASKS_BY_ID_SQL, VISIBLE_TASK_SQL, pageStatement, searchPattern, totalStatement,
} from './listing-sql';
import { PreparedStatements } from './prepared-statements';
import { SORT_ORDER, decodeCursor, encodeCursor } from './task-cursor';
import { TaskRow, TaskView, toTaskView } from './task.view';
import { Viewer } from './viewer';

export type { Viewer } from './viewer';

export interface TaskPage {
  items: TaskView[];
  nextCursor: string | null;
  total: number;
}

/**
 * Reads of the `tasks` projection for the API. Every list is one or two statements, never one per row. The
 * parts live apart: the SQL (listing-sql.ts, on the listing rule of listing-rule.ts), the prepared-statement
 * client (prepared-statements.ts), the page cache and what tells it of changes (listing-page-cache.ts), and
 * the JSON written once per cached page (listing-json.ts).
 */
@Injectable()
export class TaskQueries implements OnModuleDestroy {
  /** Answers of the public list (the browser's first pages are by far the most asked for). */
  private readonly cache: ListingPageCache | null;
  private readonly json: ListingJson;
  private readonly statements: PreparedStatements;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    projections: ProjectionRunner,
    tasks: TasksProjection,
    // The replica's store follower: it reads every event anyway, and tells the cache what other processes'
    // events changed. Without one (a process serving no HTTP), their changes drop the whole cache.
    @Optional() follower?: StoreFollower,
  ) {
    this.json = new ListingJson(config);
    this.statements = new PreparedStatements(dataSource, 'tasks_list');
    this.cache = ListingPageCache.create(
      config,
      () => this.nextOpenDeadline(),
      projections,
      tasks,
      follower,
      (ids) => this.statements.rows<TaskRow>({ text: TASKS_BY_ID_SQL, values: [ids] }),
      async (ids, search) => (await this.statements.rows<{ n: number }>({ text: SEARCH_MISSES_SQL, values: [ids, searchPattern(search)] }))[0].n,
    );
  }

  onModuleDestroy(): void {
    this.cache?.close();
  }

  private viewFor = (viewer: Viewer | undefined) => (row: TaskRow): TaskView => toTaskView(row, this.config, viewer);

  /** GET /api/tasks: the plain array (no paging parameter, at most PLAIN_LIST_MAX rows) or a keyset page. */
  async list(q: ListTasksQuery, viewer: Viewer | undefined): Promise<TaskView[] | TaskPage> {
    const { rows, total } = await this.answer(q, viewer);
    const view = this.json.viewFor(viewer);
    if (total === null) return rows.rows.map(view);
    return { items: rows.rows.map(view), nextCursor: rows.nextCursor, total };
  }

  /** `list` as the bytes of the JSON the route sends (see ListingJson.body). */
  async listBody(q: ListTasksQuery, viewer: Viewer | undefined): Promise<Buffer> {
    const { rows, total } = await this.answer(q, viewer);
    return this.json.body(rows, total, viewer, !!this.cache);
  }

  /** The rows of an answer and, for a page (not the plain array), the filter's total. */
  private async answer(q: ListTasksQuery, viewer: Viewer | undefined): Promise<{ rows: ListedRows; total: number | null }> {
    // Another process moved the read models: no cached answer until the cache knows what that changed.
    const behind = this.cache?.caughtUp();
    if (behind) await behind;
    const sort: TaskSort = q.sort ?? 'newest';
    const paged = q.limit !== undefined || q.cursor !== undefined;
    const limit = paged ? q.limit ?? DEFAULT_PAGE : PLAIN_LIST_MAX;
    const keys = listingKeys(q, viewer, sort, paged, limit);
    const loadRows = () => this.rows(q, viewer, sort, limit, paged ? q.cursor : undefined);
    const rowsP = this.cache ? this.cache.rows(keys, loadRows) : loadRows();
    // Rows are cached; what depends on the viewer (funding anomalies for creators and admins) is added per request.
    if (!paged) return { rows: await rowsP, total: null };
    const loadTotal = async () => (await this.statements.rows<{ n: number }>(totalStatement(q, viewer)))[0].n;
    const totalP = this.cache ? this.cache.total(keys, loadTotal) : loadTotal();
    const [rows, total] = await Promise.all([rowsP, totalP]);
    return { rows, total };
  }

  /**
   * Up to `limit` rows in keyset order after `cursor`, and the cursor of the next page. Without a cursor and a
   * paging parameter this is the spec's plain array, capped at PLAIN_LIST_MAX: without a cap one request would
   * serialise every listed task (~95,000 on the benchmark data); it is also the first page of `limit=100`.
   */
  private async rows(q: ListTasksQuery, viewer: Viewer | undefined, sort: TaskSort, limit: number, cursor: string | undefined): Promise<ListedRows> {
    const at = cursor ? decodeCursor(sort, cursor) : undefined;
    const rows = await this.statements.rows<TaskRow>(pageStatement(q, viewer, sort, limit, at));
    const more = rows.length > limit;
    const page = more ? rows.slice(0, limit) : rows;
    const last = page[page.length - 1];
    const nextCursor = more && last ? encodeCursor(sort, { id: last.id, key: cursorKey(last, SORT_ORDER[sort].column) }) : null;
    return { rows: page, nextCursor, lookAhead: more ? rows[limit].id : undefined };
  }

  /** When the next open listed task's deadline passes (epoch ms), or null when none is ahead. */
  private async nextOpenDeadline(): Promise<number | null> {
    const [{ at }]: Array<{ at: Date | null }> = await this.dataSource.query(NEXT_OPEN_DEADLINE_SQL);
    return at ? new Date(at).getTime() : null;
  }

  /**
   * One task for this viewer: public tasks to anyone; drafts, unfunded, refunded and anomalous tasks to their
   * creator, admins and users who submitted to them. 404 otherwise, so hidden tasks do not leak.
   */
  async findVisible(id: number, viewer: Viewer | undefined): Promise<TaskView> {
    const rows: TaskRow[] = await this.dataSource.query(VISIBLE_TASK_SQL, [id, viewer?.id ?? -1, viewer?.isAdmin ?? false]);
    if (!rows.length) throw notFound(MESSAGES.taskNotFound);
    return this.viewFor(viewer)(rows[0]);
  }

  /** Every task of a creator, whatever its funding state (their dashboard), newest first. */
  async byCreator(creatorId: number, viewer: Viewer): Promise<TaskView[]> {
    const rows: TaskRow[] = await this.dataSource.query(CREATOR_TASKS_SQL, [creatorId]);
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
