import { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';

/**
 * A store whose table's rows carry `expires_at` (rate-limit windows, idempotency keys): while the app runs,
 * every replica deletes the expired rows every `sweepMs` (deleting twice is harmless); the timer is unref'd
 * so it never keeps a process alive.
 */
export abstract class ExpiringRowsStore implements OnApplicationBootstrap, OnApplicationShutdown {
  private sweeper: NodeJS.Timeout | null = null;

  protected constructor(
    protected readonly dataSource: DataSource,
    private readonly table: 'rate_limits' | 'idempotency_keys',
    private readonly sweepMs: number,
  ) {}

  /** Deletes the rows past their expiry; how many. */
  async sweep(): Promise<number> {
    const rows: unknown[] = await this.dataSource.query(`DELETE FROM ${this.table} WHERE expires_at < now() RETURNING 1`);
    return rows.length;
  }

  onApplicationBootstrap(): void {
    this.sweeper = setInterval(() => void this.sweep().catch(() => undefined), this.sweepMs);
    this.sweeper.unref();
  }

  onApplicationShutdown(): void {
    if (this.sweeper) clearInterval(this.sweeper);
  }
}
