#!/usr/bin/env node
// Container health checks (exit 0 healthy, 1 not): `node scripts/healthcheck.mjs backend|indexer|chain`.
//   backend  GET /api/health answers 200 (it checks the database itself)
//   indexer  its database answers and the chain's RPC answers (a standby indexer is healthy too)
//   chain    the RPC answers eth_chainId
import { createRequire } from 'node:module';

const what = process.argv[2];
const timeout = AbortSignal.timeout(4000);

async function rpc(url) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    signal: timeout,
  });
  const body = await res.json();
  if (!body.result) throw new Error(`RPC answered ${JSON.stringify(body)}`);
}

// `pg` is the indexer's dependency, not the root's: resolved from the indexer's package, as in a fresh `npm ci`
// and in the runtime image (production dependencies of every workspace), whether or not npm hoisted it.
const requireFromIndexer = createRequire(new URL('../indexer/package.json', import.meta.url));

async function database(url) {
  const pg = requireFromIndexer('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query('SELECT 1');
  } finally {
    await client.end();
  }
}

try {
  if (what === 'backend') {
    const res = await fetch(`http://127.0.0.1:${process.env.PORT ?? 3000}/api/health`, { signal: timeout });
    if (!res.ok) throw new Error(`health answered ${res.status}`);
  } else if (what === 'indexer') {
    await database(process.env.DATABASE_URL);
    await rpc(process.env.RPC_URL);
  } else if (what === 'chain') {
    await rpc(`http://127.0.0.1:${process.env.CHAIN_PORT ?? 8545}`);
  } else {
    throw new Error('usage: healthcheck.mjs backend|indexer|chain');
  }
  process.exit(0);
} catch (err) {
  console.error(`unhealthy: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
}
