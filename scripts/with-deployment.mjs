#!/usr/bin/env node
// Container entrypoint: `node scripts/with-deployment.mjs <service main.js>`.
// NAME_FILE variables (secrets mounted as files) are read into NAME first.
// TOKEN_ADDRESS / ESCROW_ADDRESS / ESCROW_DEPLOYMENT_BLOCK come from the environment when set (a real
// network); otherwise from the deployment file the one-shot deploy job wrote under DATA_DIR/deployments
// for CHAIN_ID (the compose stack's local chain). Then the service runs in this same process.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [main] = process.argv.slice(2);
if (!main) {
  console.error('usage: with-deployment.mjs <service main.js>');
  process.exit(2);
}
// Secrets mounted as files (compose / Kubernetes secrets): NAME_FILE=/run/secrets/x sets NAME from the file.
for (const name of ['SESSION_SECRET', 'RELEASER_PRIVATE_KEY', 'DATABASE_URL', 'VALIDATOR_LLM_API_KEY']) {
  const from = process.env[`${name}_FILE`];
  if (from && !process.env[name]) process.env[name] = fs.readFileSync(from, 'utf8').trim();
}
const chainId = process.env.CHAIN_ID ?? '31337';
const file = path.join(process.env.DATA_DIR ?? '/data', 'deployments', `${chainId}.json`);
if ((!process.env.TOKEN_ADDRESS || !process.env.ESCROW_ADDRESS) && fs.existsSync(file)) {
  const d = JSON.parse(fs.readFileSync(file, 'utf8'));
  process.env.TOKEN_ADDRESS ||= d.token;
  process.env.ESCROW_ADDRESS ||= d.escrow;
  process.env.ESCROW_DEPLOYMENT_BLOCK ||= String(d.deploymentBlock ?? 0);
}
await import(pathToFileURL(path.resolve(main)).href);
