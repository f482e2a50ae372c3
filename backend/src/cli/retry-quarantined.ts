import 'reflect-metadata';
import { QuarantineQueries } from '../projections/projection-quarantine';
import { ProjectionRunner } from '../projections/projection-runner';
import { openDomainContext } from './domain-context';

/**
 * `npm run retry-quarantined -w backend`: retries the events the read models set aside, by rebuilding only
 * the projections that hold some (the others are left as they are). Prints what is still set aside;
 * exits 1 while something is.
 */
async function main(): Promise<void> {
  const { app, close } = await openDomainContext();
  try {
    const runner = app.get(ProjectionRunner);
    const { projections, stillQuarantined } = await runner.retryQuarantined();
    if (!projections.length) {
      console.log('no event is set aside');
      return;
    }
    console.log(`rebuilt ${projections.join(', ')}; ${stillQuarantined} event(s) still set aside`);
    for (const q of await app.get(QuarantineQueries).list(100)) {
      console.log(`  ${q.projection} #${q.position} ${q.eventType} (${q.streamId}), ${q.attempts} attempt(s): ${q.error}`);
    }
    if (stillQuarantined > 0) process.exitCode = 1;
  } finally {
    await close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
