/**
 * THE rule of which tasks the public lists show, written once as data. Both forms of it are produced from
 * these definitions: the SQL predicate the listing's statements filter on (`sqlOf`), and the JavaScript
 * predicate the projection and the list's cache decide with (`predicateOf`), so the two cannot drift apart
 * (listing-rule.spec.ts checks them against each other on generated rows, on PostgreSQL).
 *
 * The SQL text produced is exactly what the partial indexes of `tasks` were written against
 * (`funding_status = 'funded' AND is_active`, ...): keep it so, or the planner stops using them.
 */

/** The `tasks` columns the rule reads (NOT NULL all). */
export type ListingColumn = 'funding_status' | 'is_active' | 'completions' | 'pending_submissions' | 'max_completions' | 'deadline';

/** One condition of a rule; a rule holds when every condition does. */
export type ListingCondition =
  | { kind: 'equals'; column: ListingColumn; value: string }
  | { kind: 'isTrue'; column: ListingColumn }
  /** The sum of `columns` below `limit` (integers). */
  | { kind: 'sumBelow'; columns: ListingColumn[]; limit: ListingColumn }
  /** The column's time still ahead of the clock (the database's `now()`; the caller's clock in JS). */
  | { kind: 'afterNow'; column: ListingColumn };

export type ListingRule = readonly ListingCondition[];

/** Publicly listed: funded (escrow confirmed on chain) and published (not a draft). */
export const LISTED: ListingRule = [
  { kind: 'equals', column: 'funding_status', value: 'funded' },
  { kind: 'isTrue', column: 'is_active' },
];

/** A free slot: the aggregate's rule, pending + approved < max. */
export const OPEN_SLOT: ListingRule = [{ kind: 'sumBelow', columns: ['completions', 'pending_submissions'], limit: 'max_completions' }];

/** Someone can still submit ("available"): a free slot before the deadline. */
export const OPEN: ListingRule = [...OPEN_SLOT, { kind: 'afterNow', column: 'deadline' }];

/** The rule as an SQL boolean expression over the `tasks` row aliased `alias`. */
export function sqlOf(rule: ListingRule, alias = 't'): string {
  const col = (c: ListingColumn) => `${alias}.${c}`;
  return rule
    .map((c) => {
      switch (c.kind) {
        case 'equals':
          // The values are this file's constants, never input; quoted all the same.
          return `${col(c.column)} = '${c.value.replace(/'/g, "''")}'`;
        case 'isTrue':
          return col(c.column);
        case 'sumBelow':
          return `${c.columns.map(col).join(' + ')} < ${col(c.limit)}`;
        case 'afterNow':
          return `${col(c.column)} > now()`;
      }
    })
    .join(' AND ');
}

/** A `tasks` row as the projection folds it (snake_case columns) or as PostgreSQL returns it. */
export type ListingRow = Partial<Record<ListingColumn, unknown>>;

const epochMs = (v: unknown): number => (v instanceof Date ? v.getTime() : Date.parse(String(v)));

/**
 * The rule as a JavaScript predicate over a `tasks` row (snake_case columns; values typed by PostgreSQL or
 * left as the fold wrote them: numbers as strings, dates as ISO strings). `now`: epoch ms, needed only by
 * rules with a clock condition.
 */
export function predicateOf(rule: ListingRule): (row: ListingRow, now?: number) => boolean {
  const tests = rule.map((c): ((row: ListingRow, now: number | undefined) => boolean) => {
    switch (c.kind) {
      case 'equals':
        return (row) => row[c.column] === c.value;
      case 'isTrue':
        return (row) => !!row[c.column];
      case 'sumBelow':
        return (row) => c.columns.reduce((sum, k) => sum + Number(row[k]), 0) < Number(row[c.limit]);
      case 'afterNow':
        return (row, now) => epochMs(row[c.column]) > (now ?? Date.now());
    }
  });
  return (row, now) => tests.every((test) => test(row, now));
}
