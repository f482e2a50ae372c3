/**
 * CPU time of processes, read from /proc (benchmarks on a shared machine: CPU per piece of work moves much less
 * than wall time with the machine's other load).
 *
 * `countProcessCpu`: where the machine's CPU went during a measured window of bench:api's multi-process
 * figure: each process group's CPU time (user + system) over the window's wall time, in cores. On a 2-core machine running two
 * replicas, the indexer, PostgreSQL, anvil, the proxy and the load generator itself, this says whether the
 * figure is bounded by the design or by the box.
 */
import * as fs from 'node:fs';

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on every Linux this runs on). */
export const TICKS_PER_SECOND = 100;

/**
 * One process's parent pid, its own CPU time (utime + stime) and that of its children it has reaped
 * (cutime + cstime), in clock ticks; null once it is gone.
 */
export function procStat(pid: number): { ppid: number; self: number; children: number } | null {
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

/**
 * A named group of processes: pids known up front, and every process whose command line contains `match`
 * together with its child processes (PostgreSQL's postmaster and its backends).
 */
export interface ProcessGroup {
  name: string;
  pids?: number[];
  match?: string;
}

/** Own CPU time in ticks; a process gone meanwhile loses its time, as it does for `top`. */
function cpuTicks(pid: number): number {
  return procStat(pid)?.self ?? 0;
}

function pidsMatching(match: string): number[] {
  const matched = new Set<number>();
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    try {
      if (fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(match)) matched.add(pid);
    } catch {
      continue; // exited while listed
    }
    const stat = procStat(pid);
    if (stat) parents.set(pid, stat.ppid);
  }
  for (const [pid, parent] of parents) if (matched.has(parent)) matched.add(pid);
  return [...matched];
}

/** Starts counting; `stop()` gives each group's cores (CPU seconds per wall second), or null off Linux. */
export function countProcessCpu(groups: ProcessGroup[]): { stop(): Record<string, number> | null } {
  if (!fs.existsSync('/proc/self/stat')) return { stop: () => null };
  const pidsOf = (g: ProcessGroup) => [...(g.pids ?? []), ...(g.match ? pidsMatching(g.match) : [])];
  const at = (pids: number[]) => new Map(pids.map((pid) => [pid, cpuTicks(pid)]));
  const before = groups.map((g) => at(pidsOf(g)));
  const t0 = performance.now();
  return {
    stop() {
      const seconds = (performance.now() - t0) / 1000;
      const cores: Record<string, number> = {};
      groups.forEach((g, i) => {
        // A process started during the window (a PostgreSQL backend for a new connection) counts from zero.
        let used = 0;
        for (const [pid, now] of at(pidsOf(g))) used += now - (before[i].get(pid) ?? 0);
        cores[g.name] = Math.round((used / TICKS_PER_SECOND / seconds) * 100) / 100;
      });
      return cores;
    },
  };
}
