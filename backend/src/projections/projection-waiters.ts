import { Logger } from '@nestjs/common';
import { Checkpoint, START, compareCheckpoints } from '../event-store/stored-event';

/**
 * How far the read models are known to have got, and who waits for a position (read-your-writes for
 * commands). `poke` asks the live loop for a batch now rather than after its idle interval.
 */
export class ProjectionWaiters {
  private readonly logger = new Logger('ProjectionRunner');
  private reachedCp: Checkpoint = START;
  private waiters: Array<{ target: Checkpoint; resolve: () => void }> = [];

  constructor(private readonly poke: () => void) {}

  get reached(): Checkpoint {
    return this.reachedCp;
  }

  /** Someone waits: the live loop polls briefly instead of idling. */
  get waiting(): boolean {
    return this.waiters.length > 0;
  }

  /**
   * Resolves once the read models have applied the event at `target`. The events are committed already, so
   * after `timeoutMs` it resolves anyway (and says so in the log): a command that succeeded must not answer
   * as failed because a read model lags.
   */
  waitFor(target: Checkpoint | null, timeoutMs: number): Promise<void> {
    if (!target || compareCheckpoints(this.reachedCp, target) >= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w.resolve !== done);
        this.logger.warn(`read models are more than ${timeoutMs} ms behind position ${target.position}`);
        resolve();
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      this.waiters.push({ target, resolve: done });
      this.poke();
    });
  }

  /** The read models got to `cp` (never moves back): releases everyone waiting for it or less. */
  advance(cp: Checkpoint): void {
    if (compareCheckpoints(cp, this.reachedCp) > 0) this.reachedCp = cp;
    const ready = this.waiters.filter((w) => compareCheckpoints(this.reachedCp, w.target) >= 0);
    this.waiters = this.waiters.filter((w) => compareCheckpoints(this.reachedCp, w.target) < 0);
    for (const w of ready) w.resolve();
  }

  /** The read models were emptied (a rebuild): they start again from the beginning. */
  restart(): void {
    this.reachedCp = START;
  }
}
