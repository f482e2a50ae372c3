import 'reflect-metadata';
import { Logger } from 'nestjs-pino';
import { onShutdown } from './common/on-shutdown';
import { loadConfig } from './config/app-config';
import { resolveDatabase } from './database/resolve-database';
import { createHttpApp } from './http/create-http-app';

async function main(): Promise<void> {
  const config = loadConfig();
  const db = await resolveDatabase(config);
  const app = await createHttpApp(config, db.url);
  await app.listen(config.PORT, '0.0.0.0');
  app.get(Logger).log(`CENT Tasks API on http://localhost:${config.PORT}`, 'Main');
  onShutdown(async () => {
    await app.close();
    await db.stop();
  });
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
