import { Logger } from './json-rpc';

/**
 * The loop shared by the log follower and the payout worker: run `step` until stopped; when it had nothing
 * to do, sleep `pollMs`; when it throws, log and retry with exponential backoff (100 ms up to 5 s), so a
 * transient fault (RPC, database) never ends the process and never skips work.
 */
export class WorkerLoop {
  private stopped = true;
  private running: Promise<void> | null = null;
  /** Ends the current sleep early (shutdown). */
  private wake: (() => void) | null = null;

  constructor(
    private readonly name: string,
    private readonly logger: Logger,
    private readonly pollMs: number,
    /** One unit of work; resolves true when it progressed and should run again at once. */
    private readonly step: () => Promise<boolean>,
  ) {}

  get isStopped(): boolean {
    return this.stopped;
  }

  start(): void {
    this.stopped = false;
    this.running ??= this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.running;
    this.running = null;
  }

  private async run(): Promise<void> {
    let backoff = 100;
    while (!this.stopped) {
      try {
        const progressed = await this.step();
        backoff = 100;
        if (!progressed) await this.sleep(this.pollMs);
      } catch (err) {
        if (this.stopped) break;
        this.logger.error(`${this.name} failed, retrying in ${backoff} ms: ${(err as Error).stack ?? err}`);
        await this.sleep(backoff);
        backoff = Math.min(5_000, backoff * 2);
      }
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }
}
