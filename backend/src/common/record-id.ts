/**
 * Every id column (users, tasks, submissions, notifications' task and submission ids) is a PostgreSQL `integer`
 * (`serial`): an id above this cannot exist, and sent to a query it is an error ("out of range for type
 * integer"), not an empty answer. So every id a request carries is checked against it first (IdPipe, IdField).
 */
export const MAX_RECORD_ID = 2_147_483_647;

/**
 * An event's global position (a notification's id, a live-update event's id) is a PostgreSQL `bigint`: 19 digits
 * can still be past it, and such a number sent to a query is an error, not a miss.
 */
export const MAX_POSITION = 2n ** 63n - 1n;

/** A position written in decimal digits (at most MAX_POSITION), or null. */
export function positionOf(text: string): bigint | null {
  if (!/^\d{1,19}$/.test(text)) return null;
  const position = BigInt(text);
  return position <= MAX_POSITION ? position : null;
}
