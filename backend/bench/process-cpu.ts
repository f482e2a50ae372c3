/**
 * Where the machine's CPU went during a measured window of the multi-process figure: each process group's CPU
 * time (user + system, from /proc) over the window's wall time, in cores. On a 2-core machine running two
 * replicas, the indexer, PostgreSQL, anvil, the proxy and the load generator itself, this says whether the
 * figure is bounded by the design or by the box.
 */
import * as fs from 'node:fs';

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux). */
const TICKS_PER_SEC = 100;

/**
 * A named group of processes: pids known up front, and every process whose command line contains `match`
 * together with its child processes (PostgreSQL's postmaster and its backends).
 */
export interface ProcessGroup {
  name: string;
  pids?: number[];
  match?: string;
}

/** The fields of /proc/<pid>/stat after the command name (which may hold spaces), or null once it is gone. */
function statFields(pid: number): string[] | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** User + system time; a process gone meanwhile loses its time, as it does for `top`. */
function cpuTicks(pid: number): number {
  const f = statFields(pid);
  return f ? Number(f[11]) + Number(f[12]) : 0;
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
    const f = statFields(pid);
    if (f) parents.set(pid, Number(f[1]));
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
        cores[g.name] = Math.round((used / TICKS_PER_SEC / seconds) * 100) / 100;
      });
      return cores;
    },
  };
}
