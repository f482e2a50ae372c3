import { ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { JsonRpcProvider } from 'ethers';
import { anvilBinary } from '@cent/contracts';
import { freePort } from '@cent/backend/testing';

// For the other servers a test starts (npm start's own ports); anvil picks its own port (below).
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
 * A real anvil (chain id 31337, the well-known dev accounts) on a port it picks itself, automining. The real
 * binary, not the node_modules/.bin wrapper: SIGKILL of the wrapper would leave the chain running.
 * Port 0 and the port read from its "Listening on" line, not a port found free beforehand: suites run in
 * parallel, and a port that was free a moment ago can be taken by another suite's chain — which would then
 * answer this suite's requests (two suites on one chain) while ours exits.
 */
export async function startAnvil(extraArgs: string[] = []): Promise<Anvil> {
  // Anvil writes old blocks' states under ~/.foundry/anvil/tmp and removes them only on a graceful exit: a chain
  // of many blocks, SIGKILLed, left gigabytes there per run. Here they go to a directory removed on stop.
  const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'cent-anvil-'));
  const removeCache = () => fs.rmSync(cache, { recursive: true, force: true });
  const proc: ChildProcess = spawn(anvilBinary(), ['--port', '0', '--cache-path', cache, ...extraArgs], { stdio: ['ignore', 'pipe', 'ignore'] });
  proc.once('exit', removeCache);
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error('anvil did not start within 15 s')), 15_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = out.match(/Listening on 127\.0\.0\.1:(\d+)/);
      if (!m) return;
      clearTimeout(timer);
      proc.stdout!.off('data', onData);
      proc.off('exit', onExit);
      resolve(Number(m[1]));
    };
    const onExit = (code: number | null) => fail(new Error(`anvil exited with ${code} before listening:\n${out.slice(-2000)}`));
    const fail = (err: Error) => {
      clearTimeout(timer);
      proc.stdout!.off('data', onData);
      proc.kill('SIGKILL');
      reject(err);
    };
    proc.stdout!.on('data', onData);
    proc.once('exit', onExit);
  });
  // Without --silent (it would hide the port) anvil logs every call: read and drop it so its pipe never fills.
  proc.stdout!.resume();
  const url = `http://127.0.0.1:${port}`;
  const provider = new JsonRpcProvider(url, 31337, { staticNetwork: true, pollingInterval: 50, cacheTimeout: -1 });
  const rpc = <T>(method: string, params: unknown[] = []) => provider.send(method, params) as Promise<T>;
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
