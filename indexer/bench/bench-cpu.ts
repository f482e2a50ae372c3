import * as fs from 'node:fs';
import { DataSource } from 'typeorm';

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

const TICKS_PER_SECOND = 100; // USER_HZ: 100 on every Linux this runs on

/** utime, stime, cutime, cstime (clock ticks) and the parent pid of one process, or null if it is gone. */
function procStat(pid: number): { ppid: number; self: number; children: number } | null {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command name (field 2) may hold spaces: the fields after it start past its closing parenthesis.
  const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // f[0] is field 3 (state): ppid is field 4, utime..cstime are fields 14..17.
  return { ppid: Number(f[1]), self: Number(f[11]) + Number(f[12]), children: Number(f[13]) + Number(f[14]) };
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
