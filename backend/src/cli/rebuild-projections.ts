import 'reflect-metadata';
import { QuarantineQueries } from '../projections/projection-quarantine';
import { ProjectionRunner } from '../projections/projection-runner';
import { openDomainContext } from './domain-context';

/**
 * `npm run rebuild-projections -w backend`: empties every read table and replays the event store. Events a
 * read model had set aside are retried: those that apply now leave the quarantine; the rest are listed.
 */
async function main(): Promise<void> {
  const { app, close } = await openDomainContext();
  try {
    const runner = app.get(ProjectionRunner);
    const started = process.hrtime.bigint();
    const events = await runner.rebuild();
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    console.log(`rebuilt ${runner.names.join(', ')} from ${events} events in ${ms.toFixed(0)} ms`);
    const quarantine = app.get(QuarantineQueries);
    const left = await quarantine.count();
    if (left > 0) {
      console.log(`${left} event(s) still set aside (GET /api/admin/projections/quarantine):`);
      for (const q of await quarantine.list(100)) console.log(`  ${q.projection} #${q.position} ${q.eventType} (${q.streamId}): ${q.error}`);
    }
  } finally {
    await close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
