/**
 * The indexer's checkpoint (the last block it applied, per log source), which the backend's readiness, chain
 * status and metrics show. The table is the indexer's own (indexer/src/database/migrations, created when the
 * indexer starts): on a database the indexer has not run on yet it does not exist, which means "nothing
 * indexed yet", never a database fault.
 */
export const INDEXER_CHECKPOINT_SQL = `SELECT block_number, updated_at FROM indexer_checkpoints WHERE source = $1`;

/** Every source's checkpoint block, as JSON (a subquery of the metrics snapshot). */
export const INDEXER_CHECKPOINTS_JSON_SQL = `(SELECT coalesce(json_agg(json_build_object('source', source, 'block', block_number::text)), '[]') FROM indexer_checkpoints)`;

/** PostgreSQL's undefined_table (42P01): the indexer has not created its tables on this database yet. */
export function indexerTablesMissing(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === '42P01';
}
