import { Client } from 'pg';
import { DataSource } from 'typeorm';

/**
 * Another writer on its own connection: it appends an event to a stream and keeps its transaction open,
 * so a writer that read the stream before and appends at the same version waits on the index entry, and
 * loses the race once `commit()` is called. Makes "someone else appended meanwhile" deterministic.
 */
export async function racingWriter(databaseUrl: string) {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('BEGIN');
  const pid = (client as unknown as { processID: number }).processID;
  return {
    async append(streamId: string, version: number, type: string): Promise<void> {
      await client.query(
        `INSERT INTO events (stream_id, stream_version, event_type, data, metadata) VALUES ($1, $2, $3, '{}', '{}')`,
        [streamId, version, type],
      );
    },
    /** Resolves once another session waits on a lock to insert events (or `settled()` says it finished first). */
    async untilAnotherWaits(db: DataSource, settled: () => boolean): Promise<void> {
      while (!settled()) {
        const waiting = await db.query(
          `SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%INSERT INTO events%' AND pid <> $1`,
          [pid],
        );
        if (waiting.length) return;
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    commit: () => client.query('COMMIT'),
    end: () => client.end(),
  };
}
