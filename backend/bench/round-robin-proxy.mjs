/**
 * A round-robin HTTP load balancer for bench:api's multi-process figure, in its own process (as a load balancer
 * would be): `node round-robin-proxy.mjs <port> <upstream> <upstream>…`. Each request goes to the next upstream
 * in turn over kept-alive connections; the answer is streamed back as is. Prints `proxy listening on <port>`.
 */
import * as http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';

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
 * How long answers took as the proxy saw them (from the request's arrival to the upstream's answer headers),
 * counted per bucket until the bench asks (`GET /__proxy/stats` answers and starts afresh): tells time lost in
 * front of the proxy (the load generator, its connections) from time lost behind it.
 */
const BUCKETS_MS = [5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000, Infinity];
let within = BUCKETS_MS.map(() => 0);
/** The proxy's own event-loop delay over the same span (a proxy that is not scheduled holds every answer up). */
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
const noteAnswer = (ms) => {
  const at = BUCKETS_MS.findIndex((b) => ms <= b);
  within[at]++;
};

/**
 * Sends the request (its body read whole: the bench's are small JSON) to the next upstream. When the upstream
 * connection fails before any answer, the request goes once to the next upstream if that cannot do it twice:
 * a GET or HEAD (nginx's default `proxy_next_upstream error`), or any request whose kept-alive socket was
 * reset as it was reused (the replica closed it idle at the same moment, so it never read the request: the
 * retry Node's http documentation gives for `request.reusedSocket`). Anything else is answered 502.
 */
function forward(req, res, body, retries, arrived) {
  const t = targets[next++ % targets.length];
  const sent = performance.now();
  let socketAt = NaN;
  const up = http.request({ host: t.host, port: t.port, agent: t.agent, method: req.method, path: req.url, headers: req.headers }, (answer) => {
    const now = performance.now();
    noteAnswer(now - arrived);
    // Where the proxy's part of the time went (read by the bench's load generator for its slowest answers).
    const ms = (v) => Math.round(v);
    answer.headers['x-bench-proxy'] = `forwarded=${ms(sent - arrived)};socket=${ms(socketAt - sent)};upstream=${ms(now - sent)}`;
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  up.once('socket', () => (socketAt = performance.now()));
  up.on('error', (err) => {
    const idempotent = req.method === 'GET' || req.method === 'HEAD';
    const unread = up.reusedSocket && err.code === 'ECONNRESET';
    if (!res.headersSent && retries > 0 && (idempotent || unread)) return forward(req, res, body, retries - 1, arrived);
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
    res.end(`upstream: ${err.message}`);
  });
  up.end(body);
}

const server = http.createServer((req, res) => {
  const arrived = performance.now();
  if (req.url === '/__proxy/stats') {
    const count = within.reduce((a, b) => a + b, 0);
    let sum = 0;
    const percentWithin = Object.fromEntries(BUCKETS_MS.slice(0, -1).map((b, i) => [`${b}ms`, count ? Math.round((1000 * (sum += within[i])) / count) / 10 : 0]));
    within = BUCKETS_MS.map(() => 0);
    const eventLoopDelay = { p99Ms: Math.round(loop.percentile(99) / 1e6), maxMs: Math.round(loop.max / 1e6) };
    loop.reset();
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end(JSON.stringify({ answers: count, percentWithin, eventLoopDelay }));
  }
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => forward(req, res, Buffer.concat(chunks), 1, arrived));
});
server.keepAliveTimeout = 65_000;
server.listen(Number(port), '127.0.0.1', () => console.log(`proxy listening on ${port}`));
process.on('SIGTERM', () => process.exit(0));
