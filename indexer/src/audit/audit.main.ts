import { Pool } from 'pg';
import { describeError, loadCliConfig, openCliDatabase, requireChain } from '@cent/backend';
import { JsonRpc } from '../chain/json-rpc';
import { indexerSettings } from '../settings';
import { formatReport, reconcile } from './reconcile';

/**
 * `npm run audit`: reconciles the escrow contract with the projections; prints a table and exits 1 on
 * any difference (2 when it could not run, saying what it could not reach). Same configuration as the
 * indexer (DATABASE_URL, RPC_URL, CHAIN_ID, ESCROW_ADDRESS / deployment file), over what the running
 * `npm start` recorded in DATA_DIR/runtime.json (backend/src/cli/cli-config.ts).
 */
async function main(): Promise<number> {
  const cli = loadCliConfig();
  const { config } = cli;
  await requireChain(cli);
  const settings = indexerSettings(config, { payouts: false });
  const database = await openCliDatabase(cli);
  const db = new Pool({ connectionString: database.url, max: 2 });
  const quiet = { log: () => undefined, warn: (m: string) => console.error(m), error: (m: string) => console.error(m) };
  const rpc = new JsonRpc(settings.rpcUrl, quiet);
  rpc.closed = true; // a command line tool fails fast instead of retrying for ever
  try {
    const report = await reconcile({
      rpc, db, chainId: settings.chainId, escrow: settings.escrow, startBlock: settings.startBlock,
      confirmations: settings.confirmations, source: settings.source,
    });
    console.log(formatReport(report));
    return report.ok ? 0 : 1;
  } finally {
    await db.end();
    await database.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(`audit failed: ${describeError(err)}`);
    process.exit(2);
  },
);
