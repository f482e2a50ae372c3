import * as http from 'node:http';
import { AddressInfo } from 'node:net';

export interface FlakyRpc {
  url: string;
  calls: number;
  failures: number;
  close(): Promise<void>;
}

/**
 * A JSON-RPC proxy in front of anvil that fails every `every`-th request, cycling through the faults a
 * real provider shows: HTTP 503, HTTP 429 (rate limit), a JSON-RPC error, a dropped connection and a
 * request that hangs past the client's timeout is left out (it only slows the test).
 */
export async function startFlakyRpc(target: string, every = 3): Promise<FlakyRpc> {
  const state = { calls: 0, failures: 0 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      state.calls++;
      const body = Buffer.concat(chunks).toString();
      if (state.calls % every === 0) {
        state.failures++;
        const fault = state.failures % 4;
        if (fault === 0) return void res.writeHead(503).end('service unavailable');
        if (fault === 1) return void res.writeHead(429).end('rate limited');
        if (fault === 2) {
          const id = (() => {
            try {
              return JSON.parse(body).id;
            } catch {
              return 1;
            }
          })();
          res.writeHead(200, { 'content-type': 'application/json' });
          return void res.end(JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32005, message: 'limit exceeded' } }));
        }
        return void req.socket.destroy();
      }
      try {
        const upstream = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        res.writeHead(upstream.status, { 'content-type': 'application/json' });
        res.end(await upstream.text());
      } catch (err) {
        res.writeHead(502).end(String(err));
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get calls() {
      return state.calls;
    },
    get failures() {
      return state.failures;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
