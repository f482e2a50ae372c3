import { createHash } from 'node:crypto';
import { PoolClient, QueryResultRow } from 'pg';
import { DataSource } from 'typeorm';
import { Statement } from './listing-sql';

/** Distinct texts remembered; the listing has a few hundred at most, so reaching this means something is off. */
const MAX_NAMES = 2000;

/**
 * Runs a statement as a named prepared statement of the connection it lands on, so PostgreSQL plans each
 * distinct text once per connection instead of on every request: planning the listing's page statement (a
 * dozen partial indexes to weigh) took ~3/4 of its time. The texts differ only by which filters are present
 * (the values are parameters). A pooled connection is taken through TypeORM's public query runner, whose
 * `connect()` hands back the driver's client: named statements are a pg feature TypeORM's `query` lacks.
 */
export class PreparedStatements {
  private readonly names = new Map<string, string>();

  constructor(private readonly dataSource: DataSource, private readonly prefix: string) {}

  async rows<R>({ text, values }: Statement): Promise<R[]> {
    let name = this.names.get(text);
    if (!name) {
      name = `${this.prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
      if (this.names.size >= MAX_NAMES) this.names.clear();
      this.names.set(text, name);
    }
    const runner = this.dataSource.createQueryRunner();
    const client: PoolClient = await runner.connect();
    try {
      return (await client.query<R & QueryResultRow>({ name, text, values })).rows;
    } finally {
      await runner.release();
    }
  }
}
