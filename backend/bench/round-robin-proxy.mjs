/**
 * A round-robin HTTP load balancer for bench:api's multi-process figure, in its own process (as a load balancer
 * would be): `node round-robin-proxy.mjs <port> <upstream> <upstream>…`. Each request goes to the next upstream
 * in turn over kept-alive connections; the answer is streamed back as is. Prints `proxy listening on <port>`.
 */
import * as http from 'node:http';

const [port, ...upstreams] = process.argv.slice(2);
if (!port || upstreams.length === 0) {
  console.error('usage: node round-robin-proxy.mjs <port> <upstream-url>...');
  process.exit(2);
}
const targets = upstreams.map((u) => {
  const url = new URL(u);
  return { host: url.hostname, port: url.port, agent: new http.Agent({ keepAlive: true, maxSockets: 512 }) };
});
let next = 0;

/**
 * Sends the request to the next upstream. A GET or HEAD whose upstream connection fails before any answer
 * (a kept-alive socket the replica closed at the same moment, ECONNRESET) goes once to the next upstream, as
 * nginx's default `proxy_next_upstream error` does; anything else is answered 502.
 */
function forward(req, res, retries) {
  const t = targets[next++ % targets.length];
  const up = http.request({ host: t.host, port: t.port, agent: t.agent, method: req.method, path: req.url, headers: req.headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  up.on('error', (err) => {
    if (!res.headersSent && retries > 0 && (req.method === 'GET' || req.method === 'HEAD')) return forward(req, res, retries - 1);
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
    res.end(`upstream: ${err.message}`);
  });
  if (req.method === 'GET' || req.method === 'HEAD') up.end();
  else req.pipe(up);
}

const server = http.createServer((req, res) => forward(req, res, 1));
server.keepAliveTimeout = 65_000;
server.listen(Number(port), '127.0.0.1', () => console.log(`proxy listening on ${port}`));
process.on('SIGTERM', () => process.exit(0));
