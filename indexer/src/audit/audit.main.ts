import { Pool } from 'pg';
import { describeError, loadCliConfig, openCliDatabase, requireChain } from '@cent/backend';
import { JsonRpc } from '../chain/json-rpc';
import { migrateIndexer } from '../database/indexer-migrations';
import { indexerSettings, loadIndexerEnv } from '../settings';
import { formatReport, reconcile } from './reconcile';

/**
 * `npm run audit`: reconciles the escrow contract with the projections; prints a table and exits 1 on
 * any real difference (2 when it could not run, saying what it could not reach); junk and strangers'
 * escrows are printed as information and never change the exit code. Same configuration as the
 * indexer (DATABASE_URL, RPC_URL, CHAIN_ID, ESCROW_ADDRESS / deployment file), over what the running
 * `npm start` recorded in DATA_DIR/runtime.json (backend/src/cli/cli-config.ts).
 */
async function main(): Promise<number> {
  const cli = loadCliConfig();
  const { config } = cli;
  await requireChain(cli);
  const settings = indexerSettings(config, loadIndexerEnv(), { payouts: false });
  const database = await openCliDatabase(cli);
  // A database the indexer never ran on still has its tables to compare (empty: nothing indexed yet).
  await migrateIndexer(database.url);
  const db = new Pool({ connectionString: database.url, max: 2 });
  // An idle connection dropped by the server makes the pool emit 'error' (unhandled, it would end the audit
  // with a stack trace); the query that needed it fails and is reported like any unreachable database.
  db.on('error', () => undefined);
  const quiet = { log: () => undefined, warn: (m: string) => console.error(m), error: (m: string) => console.error(m) };
  const rpc = new JsonRpc(settings.rpcUrl, quiet);
  rpc.closed = true; // a command line tool fails fast instead of retrying for ever
  try {
    const report = await reconcile({
      rpc, db, chainId: settings.chainId, escrow: settings.escrow, startBlock: settings.startBlock,
      confirmations: settings.confirmations, source: settings.source,
    });
    await print(process.stdout, `${formatReport(report)}\n`);
    return report.ok ? 0 : 1;
  } finally {
    await db.end();
    await database.stop();
  }
}

/** Resolves once `text` is handed to the OS: a pipe (CI, `| less`) takes it at the reader's pace. */
function print(stream: NodeJS.WriteStream, text: string): Promise<void> {
  return new Promise((resolve, reject) => stream.write(text, (err) => (err ? reject(err) : resolve())));
}

/**
 * Sets the exit code and lets Node exit by itself once everything is written: process.exit() right after
 * writing to a pipe drops whatever the reader has not taken yet (a run with 3,371 lines printed 1,635).
 * The timer is a guard against a handle left open by a library; it starts only after the output is out
 * and does not keep the process alive itself.
 */
function finish(code: number): void {
  process.exitCode = code;
  setTimeout(() => process.exit(code), 5_000).unref();
}

main().then(finish, async (err) => {
  await print(process.stderr, `audit failed: ${describeError(err)}\n`).catch(() => undefined);
  finish(2);
});
