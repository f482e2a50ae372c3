import * as http from 'node:http';
import { AddressInfo } from 'node:net';

export interface LaggingRpc {
  url: string;
  /** While true, every eth_getTransactionReceipt is answered `null` (a node whose receipt index lags). */
  nullReceipts: boolean;
  /** Receipts answered null so far. */
  nulled: number;
  close(): Promise<void>;
}

/** A JSON-RPC proxy in front of anvil that can pretend not to know any receipt yet. */
export async function startLaggingRpc(target: string): Promise<LaggingRpc> {
  const state: LaggingRpc = { url: '', nullReceipts: false, nulled: 0, close: async () => undefined };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString();
      const call = JSON.parse(body) as { id: number; method: string };
      if (state.nullReceipts && call.method === 'eth_getTransactionReceipt') {
        state.nulled++;
        res.writeHead(200, { 'content-type': 'application/json' });
        return void res.end(JSON.stringify({ jsonrpc: '2.0', id: call.id, result: null }));
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
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return state;
}
