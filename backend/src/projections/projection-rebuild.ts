import { DataSource } from 'typeorm';
import { Projection } from './projection';
import { lockProjectionsSql } from './projection-batch-sql';
import { markForRetry } from './projection-quarantine';

/**
 * The database side of a rebuild, in one transaction: the projections' tables emptied, their checkpoints
 * removed (so they start again from position 0) and the events they had set aside marked to be retried.
 */
export async function emptyReadModels(dataSource: DataSource, projections: Projection[]): Promise<void> {
  const tables = projections.flatMap((p) => p.tables);
  const names = projections.map((p) => p.name);
  await dataSource.transaction(async (m) => {
    // No batch of any process may run meanwhile (it would write into the tables being emptied).
    await m.query(lockProjectionsSql('wait'));
    if (tables.length) await m.query(`TRUNCATE ${tables.join(', ')}`);
    await m.query(`DELETE FROM projection_checkpoints WHERE name = ANY($1)`, [names]);
    await markForRetry(m, names);
  });
}

/** The projections (of `known`) that have events set aside, by name. */
export async function quarantinedProjections(dataSource: DataSource, known: string[]): Promise<string[]> {
  const rows: Array<{ projection: string }> = await dataSource.query(`SELECT DISTINCT projection FROM projection_quarantine`);
  return rows.map((r) => r.projection).filter((n) => known.includes(n)).sort();
}

/** How many events these projections still have set aside. */
export async function quarantinedCount(dataSource: DataSource, projections: string[]): Promise<number> {
  const [{ n }] = await dataSource.query(`SELECT count(*)::int AS n FROM projection_quarantine WHERE projection = ANY($1)`, [projections]);
  return n;
}
