import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from 'pg';
import { AppConfig, REPO_ROOT, loadConfig } from '../config/app-config';
import { EmbeddedDatabase } from '../database/embedded-postgres';
import { resolveDatabase } from '../database/resolve-database';

/** What `npm start` (scripts/start.mjs) records in DATA_DIR/runtime.json while it runs. */
export interface RuntimeFile {
  pid: number;
  startedAt: string;
  url: string;
  /** Variables a CLI needs to reach the same chain and database (RPC_URL, CHAIN_PORT, EMBEDDED_PG_PORT, ...). */
  env: Record<string, string>;
  /** Variables npm start took from its environment and did not write down (they may hold passwords). */
  fromEnvironment: string[];
}

/** A chain or database a CLI could not reach: the message says what and how to point at it (exit code 2). */
export class UnreachableError extends Error {}

export interface CliConfig {
  config: AppConfig;
  runtimeFile: string;
  runtime: RuntimeFile | null;
  /** Where a variable's value came from, for error messages. */
  sourceOf(name: string): string;
}

/**
 * Configuration of the operator CLIs (audit, rebuild-projections, grant-admin, seed-demo): the environment
 * first, then what the `npm start` of this DATA_DIR recorded in DATA_DIR/runtime.json, then the defaults.
 * So `npm run audit` finds a product started with other ports without repeating them.
 */
export function loadCliConfig(env: NodeJS.ProcessEnv = process.env): CliConfig {
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(REPO_ROOT, '.data'));
  const runtimeFile = path.join(dataDir, 'runtime.json');
  const runtime = readRuntimeFile(runtimeFile);
  const recorded = { ...runtime?.env };
  // CHAIN_PORT in the environment means "the chain on this port": it beats the RPC_URL npm start recorded.
  if (env.CHAIN_PORT !== undefined) delete recorded.RPC_URL;
  const config = loadConfig({ ...recorded, ...env, DATA_DIR: dataDir });
  const sourceOf = (name: string) => {
    if (env[name] !== undefined) return 'from the environment';
    if (recorded[name] !== undefined) return `from ${runtimeFile}, written by npm start`;
    return 'the default';
  };
  return { config, runtimeFile, runtime, sourceOf };
}

function readRuntimeFile(file: string): RuntimeFile | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as RuntimeFile;
  } catch {
    return null;
  }
}

/** How to point a CLI at the product, appended to every "unreachable" message. */
function howToPoint(cli: CliConfig, variable: string, alternatives: string): string {
  const started = cli.runtime
    ? `npm start (pid ${cli.runtime.pid}, started ${cli.runtime.startedAt}) ${isAlive(cli.runtime.pid) ? 'is running' : 'is no longer running'}`
    : `No npm start has run with DATA_DIR=${cli.config.DATA_DIR} (no ${cli.runtimeFile})`;
  const env = cli.runtime?.fromEnvironment.includes(variable) ? `; npm start took ${variable} from its environment: set it here too` : '';
  return `${started}${env}. Start it with \`npm start\`, or point at the running one with ${alternatives}.`;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Fails fast, naming the URL and where it came from, when no chain answers at RPC_URL (or it is another chain). */
export async function requireChain(cli: CliConfig): Promise<void> {
  const { RPC_URL: url, CHAIN_ID: expected } = cli.config;
  const rpcSource = cli.sourceOf('RPC_URL');
  const source = rpcSource === 'the default' ? `from CHAIN_PORT, ${cli.sourceOf('CHAIN_PORT')}` : `RPC_URL ${rpcSource}`;
  let chainId: number;
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(5_000),
    });
    chainId = Number(((await res.json()) as { result: string }).result);
  } catch (err) {
    throw new UnreachableError(
      `no chain answers at ${url} (${source}): ${describeError(err)}. ${howToPoint(cli, 'RPC_URL', 'RPC_URL=<url> or CHAIN_PORT=<port>')}`,
    );
  }
  if (chainId !== expected) {
    throw new UnreachableError(`the chain at ${url} is chain ${chainId}, not CHAIN_ID ${expected} (${cli.sourceOf('CHAIN_ID')}). Set CHAIN_ID or RPC_URL.`);
  }
}

/**
 * The product's database: DATABASE_URL, else the embedded PostgreSQL of DATA_DIR (reused while npm start
 * runs it, started otherwise). Never creates an empty cluster: an audit of a new, empty database would
 * report nothing wrong about a product it never saw.
 */
export async function openCliDatabase(cli: CliConfig): Promise<EmbeddedDatabase> {
  const { config } = cli;
  if (config.DATABASE_URL) {
    const where = safeLocation(config.DATABASE_URL);
    await canConnect(config.DATABASE_URL).catch((err) => {
      throw new UnreachableError(`cannot reach the database at ${where} (DATABASE_URL ${cli.sourceOf('DATABASE_URL')}): ${describeError(err)}. Check DATABASE_URL.`);
    });
    return { url: config.DATABASE_URL, stop: async () => undefined };
  }
  const pgDir = path.join(config.DATA_DIR, 'postgres');
  if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
    throw new UnreachableError(
      `no database: DATABASE_URL is not set and there is no embedded PostgreSQL in ${pgDir}. ${howToPoint(cli, 'DATABASE_URL', 'DATA_DIR=<its data dir> or DATABASE_URL=<url>')}`,
    );
  }
  try {
    return await resolveDatabase(config);
  } catch (err) {
    throw new UnreachableError(
      `cannot reach or start the embedded PostgreSQL of ${pgDir} on 127.0.0.1:${config.EMBEDDED_PG_PORT} (EMBEDDED_PG_PORT ${cli.sourceOf('EMBEDDED_PG_PORT')}): ${describeError(err)}. ${howToPoint(cli, 'DATABASE_URL', 'EMBEDDED_PG_PORT=<port> or DATABASE_URL=<url>')}`,
    );
  }
}

async function canConnect(url: string): Promise<void> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** host:port/database of a connection URL, without its password. */
function safeLocation(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || 5432}${u.pathname}`;
  } catch {
    return '(unparsable DATABASE_URL)';
  }
}

/** A readable reason, also for errors without a message (AggregateError of a refused connection, fetch's cause). */
export function describeError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const parts = [err.message, (err as { code?: string }).code].filter(Boolean);
  if (err instanceof AggregateError) parts.push(...err.errors.map(describeError));
  if (err.cause) parts.push(describeError(err.cause));
  return [...new Set(parts)].join(': ') || err.name;
}
