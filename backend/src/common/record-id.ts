/**
 * Every id column (users, tasks, submissions, notifications' task and submission ids) is a PostgreSQL `integer`
 * (`serial`): an id above this cannot exist, and sent to a query it is an error ("out of range for type
 * integer"), not an empty answer. So every id a request carries is checked against it first (IdPipe, IdField).
 */
export const MAX_RECORD_ID = 2_147_483_647;
