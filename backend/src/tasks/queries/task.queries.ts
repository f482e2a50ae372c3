import { Inject, Injectable, Logger, OnModuleDestroy, Optional } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { PoolClient, QueryResultRow } from 'pg';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { notFound } from '../../common/domain-error';
import { StoreFollower } from '../../live/store-follower';
import { ProjectionRunner } from '../../projections/projection-runner';
import { ALL_CATEGORIES_LABEL, DEFAULT_PAGE, ListTasksQuery, PLAIN_LIST_MAX, TaskSort } from '../dto/list-tasks.query';
import { MESSAGES } from '../domain/task.aggregate';
import { TasksProjection } from '../tasks.projection';
import { ListedRows, ListingCache, ListingTag } from './listing-cache';
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

/** Publicly visible: funded (escrow confirmed on chain) and published (not a draft). */
export const PUBLIC_TASK = `t.funding_status = 'funded' AND t.is_active`;
/** A free slot (the aggregate's rule: pending + approved < max). */
const OPEN_SLOT = `t.completions + t.pending_submissions < t.max_completions`;
/** Someone can still submit: a free slot before the deadline. */
export const OPEN_TASK = `${OPEN_SLOT} AND t.deadline > now()`;

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => '\\' + c);
}

/** Reads of the `tasks` projection for the API. Every list is one or two statements, never one per row. */
@Injectable()
export class TaskQueries implements OnModuleDestroy {
  /** Answers of the public list (the browser's first pages are by far the most asked for). */
  private readonly cache: ListingCache | null;
  private readonly unsubscribe: Array<() => void> = [];
  /** When a late follower was last logged (at most one line per 10 s). */
  private lateLogged = 0;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    projections: ProjectionRunner,
    tasks: TasksProjection,
    // The replica's store follower: it reads every event anyway, and tells the cache what other processes'
    // events changed. Without one (a process serving no HTTP), their changes drop the whole cache.
    @Optional() follower?: StoreFollower,
  ) {
    const late = () => {
      const now = Date.now();
      if (now - this.lateLogged < 10_000) return;
      this.lateLogged = now;
      new Logger(TaskQueries.name).warn(
        `the store follower did not say within ${config.LIST_CACHE_FOLLOWER_WAIT_MS} ms what other processes changed: the list cache was dropped`,
      );
    };
    this.cache = config.LIST_CACHE_TTL_MS > 0
      ? new ListingCache(1000, config.LIST_CACHE_TTL_MS, () => this.nextOpenDeadline(), config.LIST_CACHE_FOLLOWER_WAIT_MS, late)
      : null;
    const cache = this.cache;
    if (cache) {
      this.unsubscribe.push(
        tasks.onListingChanges((changes) => cache.changed(changes)),
        projections.onUnseenChanges((moved) => {
          cache.movedElsewhere(moved, follower?.reading ? follower.position : null);
          follower?.readSoon();
        }),
      );
      if (follower) this.unsubscribe.push(follower.onApplied((events, reached, task) => cache.followedTo(events, reached, task)));
    }
  }

  onModuleDestroy(): void {
    for (const off of this.unsubscribe) off();
  }

  /**
   * Views of the list's cached rows as everyone sees them, built once per row object rather than on every
   * request (building them was most of a cached page's cost). Only the task's creator and admins see a
   * different view, and only of a task with anomalies. Never handed to callers that add fields to a view.
   */
  private readonly sharedViews = new WeakMap<TaskRow, TaskView>();
  /** Statement names of the listing's SQL texts (see `prepared`). */
  private readonly statementNames = new Map<string, string>();

  private viewFor = (viewer: Viewer | undefined) => (row: TaskRow): TaskView => toTaskView(row, this.config, viewer);

  /** Whether this viewer sees a listed row differently from everyone else (funding anomalies). */
  private ownView(row: TaskRow, viewer: Viewer | undefined): boolean {
    return !!viewer && (viewer.isAdmin || viewer.id === row.creatorId) && (row.anomalies?.length ?? 0) > 0;
  }

  private listedViewFor = (viewer: Viewer | undefined) => (row: TaskRow): TaskView => {
    if (this.ownView(row, viewer)) return toTaskView(row, this.config, viewer);
    let view = this.sharedViews.get(row);
    if (!view) this.sharedViews.set(row, (view = toTaskView(row, this.config, undefined)));
    return view;
  };

  /** GET /api/tasks: the plain array (no paging parameter, at most PLAIN_LIST_MAX rows) or a keyset page. */
  async list(q: ListTasksQuery, viewer: Viewer | undefined): Promise<TaskView[] | TaskPage> {
    const { rows, total } = await this.answer(q, viewer);
    const view = this.listedViewFor(viewer);
    if (total === null) return rows.rows.map(view);
    return { items: rows.rows.map(view), nextCursor: rows.nextCursor, total };
  }

  /**
   * `list` as the bytes of the JSON the route sends (what `res.json` would send). A cached page everyone sees
   * alike (anyone but the creator or an admin looking at a task with anomalies) is serialised and encoded once,
   * not on every request: stringifying 24 tasks was the largest part of a cached answer. The same Buffer comes
   * back while the page and its total stand, so the route can keep its ETag with it.
   */
  async listBody(q: ListTasksQuery, viewer: Viewer | undefined): Promise<Buffer> {
    const { rows, total } = await this.answer(q, viewer);
    const shared = !!this.cache && !rows.rows.some((row) => this.ownView(row, viewer));
    const known = shared ? this.bodies.get(rows) : undefined;
    if (known && known.total === total) return known.body;
    const items = known?.items ?? JSON.stringify(rows.rows.map(this.listedViewFor(viewer)));
    const json = total === null ? items : `{"items":${items},"nextCursor":${JSON.stringify(rows.nextCursor)},"total":${JSON.stringify(total)}}`;
    const body = Buffer.from(json);
    if (shared) this.bodies.set(rows, { items, total, body });
    return body;
  }

  /** Serialised cached pages (a revised page is a new object, so it is serialised afresh), with the last total. */
  private readonly bodies = new WeakMap<ListedRows, { items: string; total: number | null; body: Buffer }>();

  /** The rows of an answer and, for a page (not the plain array), the filter's total. */
  private async answer(q: ListTasksQuery, viewer: Viewer | undefined): Promise<{ rows: ListedRows; total: number | null }> {
    // Another process moved the read models: no cached answer until the cache knows what that changed.
    const behind = this.cache?.caughtUp();
    if (behind) await behind;
    const sort: TaskSort = q.sort ?? 'newest';
    const category = q.category && q.category !== ALL_CATEGORIES_LABEL ? q.category : null;
    const search = q.search?.trim() || null;
    // Only `available` for a signed-in viewer depends on who asks.
    const viewerId = q.available && viewer ? viewer.id : null;
    const tag: ListingTag = { category, minReward: q.minReward, maxReward: q.maxReward, available: q.available ?? false, viewerId };
    const filter = JSON.stringify([search, category, q.minReward ?? null, q.maxReward ?? null, tag.available, viewerId]);
    const paged = q.limit !== undefined || q.cursor !== undefined;
    const limit = paged ? q.limit ?? DEFAULT_PAGE : PLAIN_LIST_MAX;
    const rowsKey = `${filter}|${sort}|${paged}|${limit}|${q.cursor ?? ''}`;
    const loadRows = () => this.rows(q, viewer, sort, limit, paged ? q.cursor : undefined);
    const rowsP = this.cache ? this.cache.rows.get(rowsKey, tag, () => this.cache!.timed(tag, loadRows)) : loadRows();
    // Rows are cached; what depends on the viewer (funding anomalies for creators and admins) is added per request.
    if (!paged) return { rows: await rowsP, total: null };
    const loadTotal = () => this.total(q, viewer);
    const totalP = this.cache ? this.cache.totals.get(filter, tag, () => this.cache!.timed(tag, loadTotal)) : loadTotal();
    const [rows, total] = await Promise.all([rowsP, totalP]);
    return { rows, total };
  }

  /** The WHERE clause of a listing's filters (without any cursor) and its parameters. */
  private filter(q: ListTasksQuery, viewer: Viewer | undefined): { where: string[]; params: unknown[] } {
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
    return { where, params };
  }

  /**
   * Up to `limit` rows in keyset order after `cursor`, and the cursor of the next page. Without a cursor and a
   * paging parameter this is the spec's plain array, capped at PLAIN_LIST_MAX: without a cap one request would
   * serialise every listed task (~95,000 on the benchmark data); it is also the first page of `limit=100`.
   */
  private async rows(q: ListTasksQuery, viewer: Viewer | undefined, sort: TaskSort, limit: number, cursor: string | undefined): Promise<ListedRows> {
    const order = SORT_ORDER[sort];
    const { where, params } = this.filter(q, viewer);
    const p = (v: unknown) => `$${params.push(v)}`;
    if (cursor) {
      const at: CursorPosition = decodeCursor(sort, cursor);
      const cast = order.kind === 'time' ? '::timestamptz' : '::int';
      where.push(`(t.${order.column}, t.id) ${order.desc ? '<' : '>'} (${p(at.key)}${cast}, ${p(at.id)}::int)`);
    }
    const dir = order.desc ? 'DESC' : 'ASC';
    const rows = await this.prepared<TaskRow>(
      `SELECT ${TASK_COLUMNS} FROM tasks t WHERE ${where.join(' AND ')} ORDER BY t.${order.column} ${dir}, t.id ${dir} LIMIT ${limit + 1}`,
      params,
    );
    const more = rows.length > limit;
    const page = more ? rows.slice(0, limit) : rows;
    const last = page[page.length - 1];
    const nextCursor = more && last ? encodeCursor(sort, { id: last.id, key: cursorKey(last, order.column) }) : null;
    return { rows: page, nextCursor, lookAhead: more ? rows[limit].id : undefined };
  }

  /**
   * How many tasks match the filters (every page). Without a search or reward range it comes from
   * `task_listing_counts` (kept by TasksProjection) instead of a count over every listed task: "available"
   * takes the open counts of the deadline days after today (`task_open_deadline_days`) plus today's open tasks
   * whose deadline is ahead, and for a signed-in viewer less the open ones they submitted to.
   */
  private async total(q: ListTasksQuery, viewer: Viewer | undefined): Promise<number> {
    if (!q.search?.trim() && q.minReward === undefined && q.maxReward === undefined) return this.countedTotal(q, viewer);
    const { where, params } = this.filter(q, viewer);
    const [{ n }] = await this.prepared<{ n: number }>(`SELECT count(*)::int AS n FROM tasks t WHERE ${where.join(' AND ')}`, params);
    return n;
  }

  private async countedTotal(q: ListTasksQuery, viewer: Viewer | undefined): Promise<number> {
    const category = q.category && q.category !== ALL_CATEGORIES_LABEL ? q.category : null;
    const params: unknown[] = category ? [category] : [];
    // Two texts, with and without a category, so each has a plan of its own (see `prepared`).
    const inCategory = category ? `t.category = $1` : 'true';
    let sql: string;
    if (!q.available) {
      sql = `SELECT coalesce(sum(listed), 0)::int AS n FROM task_listing_counts t WHERE ${inCategory}`;
    } else {
      // Open tasks whose deadline falls on a later UTC day (kept counts), plus today's still ahead (an index
      // range over one day of deadlines).
      const today = `floor(extract(epoch FROM now()) / 86400)::int`;
      sql = `SELECT ((SELECT coalesce(sum(open), 0) FROM task_open_deadline_days t WHERE ${inCategory} AND t.day > ${today})
                   + (SELECT count(*) FROM tasks t WHERE ${PUBLIC_TASK} AND ${OPEN_SLOT} AND t.deadline > now()
                        AND t.deadline < to_timestamp((${today} + 1) * 86400.0) AND ${inCategory})`;
      if (viewer) {
        sql += ` - (SELECT count(DISTINCT s.task_id) FROM submissions s JOIN tasks t ON t.id = s.task_id
                     WHERE s.user_id = $${params.push(viewer.id)} AND ${PUBLIC_TASK} AND ${OPEN_TASK} AND ${inCategory})`;
      }
      sql += `)::int AS n`;
    }
    const [{ n }] = await this.prepared<{ n: number }>(sql, params);
    return n;
  }

  /**
   * A listing statement as a named prepared statement of the connection it runs on, so PostgreSQL plans each
   * distinct text once per connection instead of on every request: planning the page statement (a dozen
   * partial indexes to weigh) took ~3/4 of its time. The texts differ only by which filters are present (the
   * values are parameters), so there are a few hundred at most.
   */
  private async prepared<R>(text: string, values: unknown[]): Promise<R[]> {
    let name = this.statementNames.get(text);
    if (!name) {
      name = `tasks_list_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
      if (this.statementNames.size >= 2000) this.statementNames.clear();
      this.statementNames.set(text, name);
    }
    const runner = this.dataSource.createQueryRunner();
    const client: PoolClient = await runner.connect();
    try {
      return (await client.query<R & QueryResultRow>({ name, text, values })).rows;
    } finally {
      await runner.release();
    }
  }

  /** When the next open listed task's deadline passes (epoch ms), or null when none is ahead. */
  private async nextOpenDeadline(): Promise<number | null> {
    const [{ at }]: Array<{ at: Date | null }> = await this.dataSource.query(
      `SELECT min(t.deadline) AS at FROM tasks t WHERE ${PUBLIC_TASK} AND ${OPEN_TASK}`,
    );
    return at ? new Date(at).getTime() : null;
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
