import { Injectable } from '@nestjs/common';
import { ThrottlerStorage } from '@nestjs/throttler';
import { DataSource } from 'typeorm';
import { ExpiringRowsStore } from '../database/expiring-rows';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** Expired windows are deleted this often (by every replica; deleting twice is harmless). */
const SWEEP_MS = 60_000;

/**
 * Rate-limit counters in PostgreSQL, so every backend replica counts into the same window and N replicas
 * allow what one does (an in-memory store would allow N times as much behind a load balancer). Fixed
 * windows: one row per (bucket + key, window start); each request is one atomic upsert-increment, so
 * concurrent requests on any replica never lose a hit. The table is UNLOGGED: counters are worth a write
 * without WAL, and a database crash merely forgets the current windows.
 */
@Injectable()
export class PgThrottlerStorage extends ExpiringRowsStore implements ThrottlerStorage {
  constructor(dataSource: DataSource) {
    super(dataSource, 'rate_limits', SWEEP_MS);
  }

  async increment(key: string, ttl: number, limit: number, _blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    const now = Date.now();
    const windowStart = Math.floor(now / ttl) * ttl;
    const windowEnd = windowStart + ttl;
    const [{ hits }]: Array<{ hits: number }> = await this.dataSource.query(
      `INSERT INTO rate_limits (key, window_start, hits, expires_at) VALUES ($1, $2, 1, to_timestamp($3::double precision / 1000))
       ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limits.hits + 1
       RETURNING hits`,
      [`${throttlerName}:${key}`, windowStart, windowEnd],
    );
    const timeToExpire = Math.max(1, Math.ceil((windowEnd - now) / 1000));
    const isBlocked = hits > limit;
    return { totalHits: hits, timeToExpire, isBlocked, timeToBlockExpire: isBlocked ? timeToExpire : 0 };
  }
}
