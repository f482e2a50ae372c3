/**
 * Where PostgreSQL's CPU goes during a measured window, by who it works for: each server process's CPU time
 * (/proc), grouped by its client's `application_name` (the bench names each process's connections:
 * `withApplicationName`) or, for PostgreSQL's own workers, by `backend_type` (autovacuum, WAL writer, …).
 * A backend that exits during the window loses its time, as it does for `top`.
 */
import { Client } from 'pg';
import { TICKS_PER_SECOND, procStat } from '../test/process-cpu';

/** The same database URL with every connection made from it named `name` in pg_stat_activity. */
export function withApplicationName(url: string, name: string): string {
  const u = new URL(url);
  u.searchParams.set('application_name', name);
  return u.toString();
}

interface Backend {
  who: string;
  ticks: number;
}

async function backends(db: Client): Promise<Map<number, Backend>> {
  const { rows } = await db.query<{ pid: number; who: string }>(
    `SELECT pid, CASE WHEN backend_type = 'client backend' THEN coalesce(nullif(application_name, ''), '(unnamed client)') ELSE backend_type END AS who
       FROM pg_stat_activity`,
  );
  return new Map(rows.map((r) => [r.pid, { who: r.who, ticks: procStat(r.pid)?.self ?? 0 }]));
}

/** Starts counting on `db` (a connection of the bench's own); `stop()` gives cores per client name, highest first. */
export async function pgCpuByClient(db: Client): Promise<{ stop(): Promise<Record<string, number>> }> {
  const before = await backends(db);
  const t0 = performance.now();
  return {
    async stop() {
      const after = await backends(db);
      const seconds = (performance.now() - t0) / 1000;
      const used = new Map<string, number>();
      for (const [pid, b] of after) used.set(b.who, (used.get(b.who) ?? 0) + b.ticks - (before.get(pid)?.ticks ?? 0));
      return Object.fromEntries([...used].filter(([, t]) => t > 0).sort((a, b) => b[1] - a[1])
        .map(([who, t]) => [who, Math.round((t / TICKS_PER_SECOND / seconds) * 100) / 100]));
    },
  };
}
