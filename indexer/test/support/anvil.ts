import { ChildProcess, spawn } from 'node:child_process';
import { JsonRpcProvider } from 'ethers';
import { anvilBinary } from '@cent/contracts';
import { freePort } from '../../../backend/test/free-port';

export { freePort };

export interface Anvil {
  url: string;
  port: number;
  provider: JsonRpcProvider;
  /** Raw JSON-RPC (evm_snapshot, evm_revert, evm_mine, evm_increaseTime, anvil_*). */
  rpc<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  stop(): Promise<void>;
}

/**
 * A real anvil (chain id 31337, the well-known dev accounts) on a free port, automining. The real binary, not
 * the node_modules/.bin wrapper: SIGKILL of the wrapper would leave the chain running.
 */
export async function startAnvil(extraArgs: string[] = []): Promise<Anvil> {
  const port = await freePort();
  const proc: ChildProcess = spawn(anvilBinary(), ['--port', String(port), '--silent', ...extraArgs], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  const provider = new JsonRpcProvider(url, 31337, { staticNetwork: true, pollingInterval: 50, cacheTimeout: -1 });
  const rpc = <T>(method: string, params: unknown[] = []) => provider.send(method, params) as Promise<T>;
  const started = Date.now();
  for (;;) {
    try {
      await rpc('eth_chainId');
      break;
    } catch {
      if (proc.exitCode !== null) throw new Error(`anvil exited with ${proc.exitCode}`);
      if (Date.now() - started > 15_000) throw new Error('anvil did not start');
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    url,
    port,
    provider,
    rpc,
    stop: async () => {
      provider.destroy();
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGKILL');
      await exited;
    },
  };
}
