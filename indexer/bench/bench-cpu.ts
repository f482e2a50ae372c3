import * as fs from 'node:fs';
import { DataSource } from 'typeorm';
import { TICKS_PER_SECOND, procStat } from '@cent/backend/testing';

/**
 * CPU time as the yardstick on a shared machine: wall-clock figures swing 2-3x with the other agents' load,
 * the CPU a piece of work costs much less. `pgCpuMs` is every process of the local PostgreSQL server (the
 * postmaster, its live backends and workers, and the children it already reaped), read from /proc; null when
 * the server is not a local process we can see (DATABASE_URL elsewhere, no /proc).
 */
export interface CpuSample {
  nodeMs: number;
  pgMs: number | null;
}

/** The postmaster's pid: the parent of one of its backends (ours). */
export async function postgresServerPid(db: DataSource): Promise<number | null> {
  const [{ pid }] = (await db.query(`SELECT pg_backend_pid() AS pid`)) as Array<{ pid: number }>;
  const backend = procStat(Number(pid));
  return backend && procStat(backend.ppid) ? backend.ppid : null;
}

function postgresCpuMs(postmaster: number): number | null {
  const root = procStat(postmaster);
  if (!root) return null;
  let ticks = root.self + root.children;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const p = procStat(Number(entry));
    if (p && p.ppid === postmaster) ticks += p.self;
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

export function cpuSample(postmaster: number | null): CpuSample {
  const u = process.cpuUsage();
  return { nodeMs: (u.user + u.system) / 1000, pgMs: postmaster === null ? null : postgresCpuMs(postmaster) };
}

/** CPU ms per 1,000 logs between two samples (null where unknown). */
export function cpuPerKLog(from: CpuSample, to: CpuSample, logs: number): { nodeMsPerKLog: number; pgMsPerKLog: number | null } {
  const per = (ms: number) => Math.round((ms / logs) * 1000);
  return {
    nodeMsPerKLog: per(to.nodeMs - from.nodeMs),
    pgMsPerKLog: from.pgMs === null || to.pgMs === null ? null : per(to.pgMs - from.pgMs),
  };
}
