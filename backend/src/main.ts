import 'reflect-metadata';
import { onShutdown } from './common/on-shutdown';
import { loadConfig } from './config/app-config';
import { resolveDatabase } from './database/resolve-database';
import { createHttpApp } from './http/create-http-app';
import { announce, APP_LOGGER } from './logging/app-logger';

async function main(): Promise<void> {
  const config = loadConfig();
  const db = await resolveDatabase(config);
  const app = await createHttpApp(config, db.url);
  await app.listen(config.PORT, '0.0.0.0');
  announce(app.get(APP_LOGGER), `CENT Tasks API on http://localhost:${config.PORT}`, { port: config.PORT });
  onShutdown(async () => {
    await app.close();
    await db.stop();
  });
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
