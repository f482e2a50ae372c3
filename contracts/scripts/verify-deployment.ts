/**
 * CLI: `npm run verify-deployment` — recompiles every contract recorded in deployments/<chainId>.json from its
 * recorded standard-JSON input with the offline solc, and compares the result with the runtime bytecode at
 * the recorded address (immutables masked). Prints one line per contract, "match" or "mismatch"; exits 1 on
 * any mismatch (or missing code), 2 when it cannot check (no record, wrong compiler, chain unreachable).
 *
 * Env: RPC_URL (default http://127.0.0.1:8545), CENT_DEPLOYMENTS_DIR (default contracts/deployments).
 */
import { verifyDeployment } from "../src/verify-deployment";

async function main(): Promise<void> {
  const rpcUrl = process.env.RPC_URL ?? "http://127.0.0.1:8545";
  let results;
  try {
    results = await verifyDeployment({ rpcUrl });
  } catch (e) {
    console.error(`cannot verify: ${(e as Error).message}`);
    process.exitCode = 2;
    return;
  }
  for (const r of results) {
    console.log(`${r.contract} at ${r.address} (chain ${r.chainId}, solc ${r.compilerVersion}): ${r.status}${r.detail ? ` — ${r.detail}` : ""}`);
  }
  const bad = results.filter((r) => r.status !== "match");
  console.log(bad.length ? `MISMATCH: ${bad.map((r) => r.contract).join(", ")}` : `match: ${results.length} contract(s) verified`);
  if (bad.length) process.exitCode = 1;
}

void main();
