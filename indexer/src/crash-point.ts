/**
 * Fault injection for the crash tests: when CENT_CRASH_POINT names this point, the process kills itself
 * with SIGKILL right there (no cleanup, like a power cut). Unset in production: a string compare.
 * Points: follower:before-commit (a range's facts and checkpoint written, not yet committed),
 * follower:after-apply, worker:after-sign, worker:after-broadcast, worker:after-sent.
 */
export function crashPoint(name: string): void {
  if (process.env.CENT_CRASH_POINT === name) process.kill(process.pid, 'SIGKILL');
}
