/**
 * Checks a deployment record against the chain: each recorded contract is recompiled from its recorded
 * standard-JSON input and its runtime bytecode compared with the code at the recorded address.
 */
import { JsonRpcProvider } from "ethers";
import { loadDeployment } from "./deploy";
import { recompile, runtimeMatches } from "./verification";

export interface VerificationResult {
  chainId: number;
  contract: string;
  address: string;
  compilerVersion: string;
  status: "match" | "mismatch" | "no code";
  detail: string | null;
}

export interface VerifyOptions {
  rpcUrl: string;
  /** Default: the deployments directory of the package (env CENT_DEPLOYMENTS_DIR). */
  deploymentsDir?: string;
}

/** Throws when there is nothing to check (no record for the chain, no verification data, wrong solc). */
export async function verifyDeployment(opts: VerifyOptions): Promise<VerificationResult[]> {
  const provider = new JsonRpcProvider(opts.rpcUrl, undefined, { staticNetwork: true });
  try {
    const chainId = Number((await provider.getNetwork()).chainId);
    const deployment = loadDeployment(chainId, opts.deploymentsDir);
    if (!deployment) throw new Error(`no deployment record for chain ${chainId}`);
    const contracts = deployment.verification?.contracts;
    if (!contracts || !Object.keys(contracts).length) {
      throw new Error(`the deployment record of chain ${chainId} has no verification data (deployed before it was recorded)`);
    }
    const results: VerificationResult[] = [];
    for (const [name, v] of Object.entries(contracts)) {
      const address = v.address;
      const onChain = await provider.getCode(address);
      const base = { chainId, contract: name, address, compilerVersion: v.compilerVersion };
      if (onChain === "0x") {
        results.push({ ...base, status: "no code", detail: "no contract at this address" });
        continue;
      }
      const compiled = recompile(v);
      const ok = runtimeMatches(onChain, compiled);
      results.push({
        ...base,
        status: ok ? "match" : "mismatch",
        detail: ok
          ? null
          : `on-chain runtime (${(onChain.length - 2) / 2} bytes) differs from the recompiled ${v.sourceName}:${v.contractName} ` +
            `(${compiled.code.length / 2} bytes), immutables masked`,
      });
    }
    return results;
  } finally {
    provider.destroy();
  }
}
