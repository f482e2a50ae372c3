import * as http from 'node:http';
import { AddressInfo } from 'node:net';

export interface RpcProxy {
  url: string;
  close(): Promise<void>;
}

/**
 * A JSON-RPC proxy in front of anvil for fault tests: `intercept` sees every request first and answers it
 * itself (returning true) or lets it through to `target` unchanged.
 */
export async function startRpcProxy(
  target: string,
  intercept: (body: string, req: http.IncomingMessage, res: http.ServerResponse) => boolean,
): Promise<RpcProxy> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString();
      if (intercept(body, req, res)) return;
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
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** A JSON-RPC answer written by the proxy itself. */
export function answer(res: http.ServerResponse, id: unknown, payload: { result: unknown } | { error: { code: number; message: string } }): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', id, ...payload }));
}
