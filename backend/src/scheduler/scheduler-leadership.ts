import { Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { Client } from 'pg';

/** A stable signed 64-bit advisory lock key for a name (the indexer derives its own the same way). */
export function advisoryKey(name: string): string {
  return createHash('sha256').update(name).digest().readBigInt64BE(0).toString();
}

/**
 * Leadership of the due-decision scheduler: a session-level PostgreSQL advisory lock held on a dedicated
 * connection, so it lives exactly as long as that connection (a killed process loses it at once and
 * another replica or indexer takes over on its next poll). `holds()` tries to take it when not held and
 * checks the connection when held; it never throws.
 */
export class SchedulerLeadership {
  private client: Client | null = null;
  private readonly logger = new Logger('DueDecisionScheduler');

  constructor(private readonly databaseUrl: string, private readonly name: string, private readonly timeoutMs: number) {}

  async holds(): Promise<boolean> {
    if (this.client) {
      try {
        await this.client.query('SELECT 1');
        return true;
      } catch (err) {
        this.logger.warn(`scheduler leadership lost: ${(err as Error).message}`);
        await this.release();
      }
    }
    const client = new Client({ connectionString: this.databaseUrl, application_name: 'cent-scheduler-lock', connectionTimeoutMillis: this.timeoutMs });
    client.on('error', () => undefined); // seen by the next check
    try {
      await client.connect();
      const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS ok', [advisoryKey(this.name)]);
      if (rows[0]?.ok) {
        this.client = client;
        this.logger.log(`scheduler leadership acquired (${this.name})`);
        return true;
      }
    } catch (err) {
      this.logger.warn(`scheduler leadership: database unavailable: ${(err as Error).message}`);
    }
    await client.end().catch(() => undefined);
    return false;
  }

  async release(): Promise<void> {
    const c = this.client;
    this.client = null;
    await c?.end().catch(() => undefined);
  }
}
