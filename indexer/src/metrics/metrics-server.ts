import { createServer, Server } from 'node:http';
import { mayReadMetrics, METRICS_FORBIDDEN } from '@cent/backend';
import { Registry } from 'prom-client';

/**
 * GET /metrics of the indexer on its own port (INDEXER_METRICS_PORT), readable as the backend's is: with
 * METRICS_TOKEN from anywhere, without it from this host only.
 */
export async function startMetricsServer(registry: Registry, port: number, token: string | undefined, host = '0.0.0.0'): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'Not found' }));
      return;
    }
    if (!mayReadMetrics(req, token)) {
      res.writeHead(403, { 'content-type': 'application/json' }).end(JSON.stringify({ message: METRICS_FORBIDDEN }));
      return;
    }
    registry.metrics().then(
      (body) => res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(body),
      (err: Error) => res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ message: err.message })),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
