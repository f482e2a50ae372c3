/**
 * Runs `shutdown` once, on SIGINT / SIGTERM, and — when `npm start` supervises the process
 * (CENT_SUPERVISOR_PID) — also when that supervisor is gone (killed hard), so a service never lingers
 * holding its port or the indexer's leadership. Exits afterwards.
 */
export function onShutdown(shutdown: () => Promise<void>): void {
  let closing = false;
  const run = async () => {
    if (closing) return;
    closing = true;
    try {
      await shutdown();
    } finally {
      process.exit(0);
    }
  };
  process.once('SIGINT', run);
  process.once('SIGTERM', run);
  const supervisor = Number(process.env.CENT_SUPERVISOR_PID);
  if (supervisor > 0) {
    setInterval(() => {
      try {
        process.kill(supervisor, 0);
      } catch {
        void run();
      }
    }, 2_000).unref();
  }
}
