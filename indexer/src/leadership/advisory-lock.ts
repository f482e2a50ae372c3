import { createHash } from 'node:crypto';
import { Client } from 'pg';
import { Logger, sleep } from '../chain/json-rpc';
import { LeaderToken } from './leader-fence';

/** A stable signed 64-bit advisory lock key for a name. */
export function lockKey(name: string): string {
  return createHash('sha256').update(name).digest().readBigInt64BE(0).toString();
}

/**
 * Leadership through a session-level PostgreSQL advisory lock held on a dedicated connection: the lock
 * lives exactly as long as that connection, so when the holder dies (kill -9 included) PostgreSQL drops
 * it and a waiting instance takes over within one poll. The holder checks its connection regularly and
 * stops leading the moment it is lost (another instance may already hold the lock then).
 */
export class AdvisoryLeadership {
  private client: Client | null = null;
  private stopped = false;
  private lost: (() => void) | null = null;

  constructor(
    private readonly databaseUrl: string,
    private readonly name: string,
    private readonly logger: Logger,
    private readonly pollMs = 1_000,
  ) {}

  /**
   * Waits until this instance holds the lock; resolves with a promise that settles when it is lost, and
   * the fencing token of this leadership (a new epoch in leader_epochs, see LeaderFence).
   */
  async acquire(): Promise<{ lost: Promise<void>; token: LeaderToken }> {
    let announced = false;
    while (!this.stopped) {
      let client: Client | null = null;
      try {
        client = new Client({ connectionString: this.databaseUrl, application_name: `cent-indexer-lock` });
        client.on('error', () => undefined); // surfaced through the heartbeat below
        await client.connect();
        const rows = await client.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock($1::bigint) AS ok`, [lockKey(this.name)]);
        if (rows.rows[0].ok) {
          // Waits for the old leader's fenced work still running (it holds the epoch row FOR SHARE).
          const epoch = await client.query<{ epoch: string; pid: number }>(
            `INSERT INTO leader_epochs (name, epoch) VALUES ($1, 1)
             ON CONFLICT (name) DO UPDATE SET epoch = leader_epochs.epoch + 1
             RETURNING epoch::text AS epoch, pg_backend_pid() AS pid`,
            [this.name],
          );
          const token: LeaderToken = { name: this.name, epoch: epoch.rows[0].epoch, lockPid: epoch.rows[0].pid, lockKey: lockKey(this.name) };
          if (this.stopped) {
            // release() ran while we were connecting: it had no leadership to end, so nobody would ever
            // end this one (the process would lead on after its stop, and its stop would wait forever).
            await client.end().catch(() => undefined);
            break;
          }
          this.client = client;
          this.logger.log(`leadership acquired (${this.name}, epoch ${token.epoch})`);
          return { lost: this.watch(client), token };
        }
        await client.end().catch(() => undefined);
        if (!announced) this.logger.log(`another indexer holds the lock (${this.name}); standing by`);
        announced = true;
      } catch (err) {
        // Never keep a connection that may hold the lock without us leading through it.
        this.client = null;
        await client?.end().catch(() => undefined);
        this.logger.warn(`leadership: database unavailable: ${(err as Error).message}`);
      }
      await sleep(this.pollMs);
    }
    throw new Error('stopped');
  }

  private watch(client: Client): Promise<void> {
    return new Promise<void>((resolve) => {
      let done = false;
      const lose = (why: string) => {
        if (done) return;
        done = true;
        clearInterval(timer);
        if (!this.stopped) this.logger.error(`leadership lost: ${why}`);
        this.client = null;
        client.end().catch(() => undefined);
        resolve();
      };
      this.lost = () => lose('released');
      client.on('error', (err) => lose(err.message));
      client.on('end', () => lose('connection ended'));
      const timer = setInterval(() => {
        client.query('SELECT 1').catch((err: Error) => lose(err.message));
      }, this.pollMs);
    });
  }

  async release(): Promise<void> {
    this.stopped = true;
    this.lost?.();
  }
}
