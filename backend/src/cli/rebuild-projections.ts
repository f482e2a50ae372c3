import 'reflect-metadata';
import { ProjectionRunner } from '../projections/projection-runner';
import { openDomainContext } from './domain-context';

/** `npm run rebuild-projections -w backend`: empties every read table and replays the event store. */
async function main(): Promise<void> {
  const { app, close } = await openDomainContext();
  try {
    const runner = app.get(ProjectionRunner);
    const started = process.hrtime.bigint();
    const events = await runner.rebuild();
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    console.log(`rebuilt ${runner.names.join(', ')} from ${events} events in ${ms.toFixed(0)} ms`);
  } finally {
    await close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
