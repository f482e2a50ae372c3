/** Runs one statement and gives its rows (a typeorm DataSource's `query`, or a pg Client's `.rows`). */
export type RowsOf = (sql: string, params?: unknown[]) => Promise<Array<Record<string, unknown>>>;

/** The server settings a benchmark's own PostgreSQL starts with: pg_stat_statements preloaded under BENCH_PG_STATEMENTS. */
export function pgStatementsSettings(): string[] {
  // Planning counted too: statements sent with their values inlined are planned on every call.
  return process.env.BENCH_PG_STATEMENTS ? ['shared_preload_libraries=pg_stat_statements', 'pg_stat_statements.track_planning=on'] : [];
}

/**
 * BENCH_PG_STATEMENTS=1 on a server that preloads pg_stat_statements (`pgStatementsSettings`):
 * PostgreSQL's own time per statement over a measured window (reset before, the top ones printed after).
 * Where the database's CPU goes, statement by statement; off (false) when the extension cannot be used.
 */
export async function pgStatementsReset(rowsOf: RowsOf, bench: string): Promise<boolean> {
  if (!process.env.BENCH_PG_STATEMENTS) return false;
  try {
    await rowsOf(`CREATE EXTENSION IF NOT EXISTS pg_stat_statements`);
    await rowsOf(`SELECT pg_stat_statements_reset()`);
    return true;
  } catch (err) {
    process.stderr.write(`[${bench}] pg_stat_statements unavailable (${(err as Error).message}): start PostgreSQL with shared_preload_libraries=pg_stat_statements\n`);
    return false;
  }
}

/**
 * The `top` statements by PostgreSQL's total time since the reset (executing, plus planning when tracked), one
 * line each, after a line with the totals over every statement.
 */
export async function pgStatementsReport(rowsOf: RowsOf, top = 25): Promise<string> {
  const mine = `dbid = (SELECT oid FROM pg_database WHERE datname = current_database())`;
  const [total] = await rowsOf(
    `SELECT round(sum(total_exec_time)::numeric, 1)::float AS exec, round(sum(total_plan_time)::numeric, 1)::float AS plan, sum(calls)::int AS calls
       FROM pg_stat_statements WHERE ${mine}`,
  );
  const rows = await rowsOf(
    `SELECT round(total_exec_time::numeric, 1)::float AS ms, round(total_plan_time::numeric, 1)::float AS plan, calls::int, rows::int,
            regexp_replace(query, '\\s+', ' ', 'g') AS query
       FROM pg_stat_statements WHERE ${mine}
      ORDER BY total_exec_time + total_plan_time DESC LIMIT $1`,
    [top],
  );
  return [`every statement: ${total.exec} ms executing, ${total.plan} ms planning, ${total.calls} calls`,
    ...rows.map((r) => `${String(r.ms).padStart(9)} ms ${String(r.plan).padStart(8)} ms planning ${String(r.calls).padStart(6)} calls ${String(r.rows).padStart(7)} rows  ${String(r.query).slice(0, 260)}`)].join('\n');
}
