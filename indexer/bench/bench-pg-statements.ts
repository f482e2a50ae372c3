import { DataSource } from 'typeorm';

/**
 * BENCH_PG_STATEMENTS=1 with DATABASE_URL on a server that preloads pg_stat_statements: PostgreSQL's own time
 * per statement while the realistic range is indexed (reset before, the top ones printed after). Where the
 * database's CPU goes, statement by statement; off (null) when the extension cannot be used.
 */
export async function pgStatementsReset(db: DataSource): Promise<boolean> {
  if (!process.env.BENCH_PG_STATEMENTS) return false;
  try {
    await db.query(`CREATE EXTENSION IF NOT EXISTS pg_stat_statements`);
    await db.query(`SELECT pg_stat_statements_reset()`);
    return true;
  } catch (err) {
    process.stderr.write(`[bench:indexer] pg_stat_statements unavailable (${(err as Error).message}): start PostgreSQL with shared_preload_libraries=pg_stat_statements\n`);
    return false;
  }
}

export async function pgStatementsReport(db: DataSource, top = 25): Promise<string> {
  const rows: Array<{ ms: number; calls: number; rows: number; query: string }> = await db.query(
    `SELECT round(total_exec_time::numeric, 1)::float AS ms, calls::int, rows::int, regexp_replace(query, '\\s+', ' ', 'g') AS query
       FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
      ORDER BY total_exec_time DESC LIMIT $1`,
    [top],
  );
  return rows.map((r) => `${String(r.ms).padStart(9)} ms ${String(r.calls).padStart(6)} calls ${String(r.rows).padStart(7)} rows  ${r.query.slice(0, 260)}`).join('\n');
}
