import { ALL_CATEGORIES_LABEL, ListTasksQuery, TaskSort } from '../dto/list-tasks.query';
import { LISTED, OPEN, OPEN_SLOT, sqlOf } from './listing-rule';
import { CursorPosition, SORT_ORDER } from './task-cursor';
import { TASK_COLUMNS } from './task.view';
import { Viewer } from './viewer';

/** Publicly visible (the listing rule, see listing-rule.ts), over `tasks t`. */
export const PUBLIC_TASK = sqlOf(LISTED);
/** A free slot (the aggregate's rule: pending + approved < max). */
const OPEN_SLOT_SQL = sqlOf(OPEN_SLOT);
/** Someone can still submit: a free slot before the deadline. */
export const OPEN_TASK = sqlOf(OPEN);

/** A statement and its parameters. */
export interface Statement {
  text: string;
  values: unknown[];
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => '\\' + c);
}

/** The LIKE pattern of a search text (trimmed): anywhere in the title or the description, case aside. */
export const searchPattern = (search: string): string => `%${escapeLike(search)}%`;

/** Whether task `t` matches the search whose pattern is parameter `param`. */
const searchMatch = (param: string): string => `(t.title ILIKE ${param} OR t.description ILIKE ${param})`;

/**
 * How many of tasks $1 (ids) exist and do NOT match search pattern $2. A task's title and description never
 * change after it is created, so a write to a task outside a search cannot change that search's total.
 */
export const SEARCH_MISSES_SQL = `SELECT count(*)::int AS n FROM tasks t WHERE t.id = ANY($1::int[]) AND NOT ${searchMatch('$2')}`;

/** The category a listing filters on, or null for every category. */
export const categoryOf = (q: ListTasksQuery): string | null => (q.category && q.category !== ALL_CATEGORIES_LABEL ? q.category : null);

/** The WHERE clause of a listing's filters (without any cursor) and its parameters. */
function filter(q: ListTasksQuery, viewer: Viewer | undefined): { where: string[]; params: unknown[] } {
  const params: unknown[] = [];
  const p = (v: unknown) => `$${params.push(v)}`;
  const where = [PUBLIC_TASK];
  if (q.search?.trim()) where.push(searchMatch(p(searchPattern(q.search.trim()))));
  const category = categoryOf(q);
  if (category) where.push(`t.category = ${p(category)}`);
  if (q.minReward !== undefined) where.push(`t.reward >= ${p(q.minReward)}`);
  if (q.maxReward !== undefined) where.push(`t.reward <= ${p(q.maxReward)}`);
  if (q.available) {
    where.push(OPEN_TASK);
    if (viewer) where.push(`NOT EXISTS (SELECT 1 FROM submissions s WHERE s.task_id = t.id AND s.user_id = ${p(viewer.id)})`);
  }
  return { where, params };
}

/** Up to `limit + 1` rows (the one more says whether a next page exists) in keyset order after `cursor`. */
export function pageStatement(q: ListTasksQuery, viewer: Viewer | undefined, sort: TaskSort, limit: number, cursor: CursorPosition | undefined): Statement {
  const order = SORT_ORDER[sort];
  const { where, params } = filter(q, viewer);
  const p = (v: unknown) => `$${params.push(v)}`;
  if (cursor) {
    const cast = order.kind === 'time' ? '::timestamptz' : '::int';
    where.push(`(t.${order.column}, t.id) ${order.desc ? '<' : '>'} (${p(cursor.key)}${cast}, ${p(cursor.id)}::int)`);
  }
  const dir = order.desc ? 'DESC' : 'ASC';
  return {
    text: `SELECT ${TASK_COLUMNS} FROM tasks t WHERE ${where.join(' AND ')} ORDER BY t.${order.column} ${dir}, t.id ${dir} LIMIT ${limit + 1}`,
    values: params,
  };
}

/**
 * How many tasks match the filters (every page). Without a search or reward range it comes from
 * `task_listing_counts` (kept by TasksProjection) instead of a count over every listed task: "available"
 * takes the open counts of the deadline days after today (`task_open_deadline_days`) plus today's open tasks
 * whose deadline is ahead, and for a signed-in viewer less the open ones they submitted to.
 */
export function totalStatement(q: ListTasksQuery, viewer: Viewer | undefined): Statement {
  if (!q.search?.trim() && q.minReward === undefined && q.maxReward === undefined) return countedTotalStatement(q, viewer);
  const { where, params } = filter(q, viewer);
  return { text: `SELECT count(*)::int AS n FROM tasks t WHERE ${where.join(' AND ')}`, values: params };
}

function countedTotalStatement(q: ListTasksQuery, viewer: Viewer | undefined): Statement {
  const category = categoryOf(q);
  const params: unknown[] = category ? [category] : [];
  // Two texts, with and without a category, so each has a plan of its own (see PreparedStatements).
  const inCategory = category ? `t.category = $1` : 'true';
  let sql: string;
  if (!q.available) {
    sql = `SELECT coalesce(sum(listed), 0)::int AS n FROM task_listing_counts t WHERE ${inCategory}`;
  } else {
    // Open tasks whose deadline falls on a later UTC day (kept counts), plus today's still ahead (an index
    // range over one day of deadlines).
    const today = `floor(extract(epoch FROM now()) / 86400)::int`;
    sql = `SELECT ((SELECT coalesce(sum(open), 0) FROM task_open_deadline_days t WHERE ${inCategory} AND t.day > ${today})
                 + (SELECT count(*) FROM tasks t WHERE ${PUBLIC_TASK} AND ${OPEN_SLOT_SQL} AND t.deadline > now()
                      AND t.deadline < to_timestamp((${today} + 1) * 86400.0) AND ${inCategory})`;
    if (viewer) {
      sql += ` - (SELECT count(DISTINCT s.task_id) FROM submissions s JOIN tasks t ON t.id = s.task_id
                   WHERE s.user_id = $${params.push(viewer.id)} AND ${PUBLIC_TASK} AND ${OPEN_TASK} AND ${inCategory})`;
    }
    sql += `)::int AS n`;
  }
  return { text: sql, values: params };
}

/** When the next open listed task's deadline passes (null when none is ahead). */
export const NEXT_OPEN_DEADLINE_SQL = `SELECT min(t.deadline) AS at FROM tasks t WHERE ${PUBLIC_TASK} AND ${OPEN_TASK}`;

/** One task ($1) if viewer $2 (admin: $3) may see it: public, or theirs, or one they submitted to. */
export const VISIBLE_TASK_SQL = `SELECT ${TASK_COLUMNS} FROM tasks t
        WHERE t.id = $1
          AND (${PUBLIC_TASK} OR t.creator_id = $2 OR $3::boolean
               OR EXISTS (SELECT 1 FROM submissions s WHERE s.task_id = t.id AND s.user_id = $2))`;

/** The rows of tasks $1 (ids) as a listed page shows them, to bring a cached page's rows up to date. */
export const TASKS_BY_ID_SQL = `SELECT ${TASK_COLUMNS} FROM tasks t WHERE t.id = ANY($1::int[])`;

/** Every task of creator $1, newest first. */
export const CREATOR_TASKS_SQL = `SELECT ${TASK_COLUMNS} FROM tasks t WHERE t.creator_id = $1 ORDER BY t.created_at DESC, t.id DESC`;
