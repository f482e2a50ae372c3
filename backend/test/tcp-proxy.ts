import * as net from 'node:net';

/**
 * A TCP proxy for fault tests, in front of PostgreSQL or a JSON-RPC node: `freeze` stops moving bytes both
 * ways on every connection, old and new (a server that hangs: SIGSTOP, a stuck disk, a black-holed
 * network) until `thaw`; `cut` resets every connection and refuses new ones (a server that is down) until
 * `restore`; `delayMs` holds each chunk that long (a slow link).
 */
export interface TcpProxy {
  port: number;
  /** `target`'s URL with this proxy's host and port instead. */
  url: string;
  delayMs: number;
  freeze(): void;
  thaw(): void;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetUrl: string): Promise<TcpProxy> {
  const target = new URL(targetUrl);
  const targetPort = Number(target.port);
  const targetHost = target.hostname;
  const sockets = new Set<net.Socket>();
  let frozen = false;
  const waiting: Array<() => void> = [];
  const state = { delayMs: 0 };

  /** Moves `from`'s bytes to `to`, unless frozen (then they wait, unread, in the kernel's buffers). */
  const pipe = (from: net.Socket, to: net.Socket) => {
    from.on('data', (chunk) => {
      if (state.delayMs > 0) {
        from.pause();
        setTimeout(() => {
          if (!to.destroyed) to.write(chunk);
          if (!frozen) from.resume();
        }, state.delayMs);
      } else if (!to.destroyed) to.write(chunk);
    });
    from.on('close', () => to.destroy());
    from.on('error', () => to.destroy());
  };

  const connect = (client: net.Socket) => {
    const upstream = net.connect(targetPort, targetHost);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    pipe(client, upstream);
    pipe(upstream, client);
    if (frozen) {
      client.pause();
      upstream.pause();
    }
  };

  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    if (frozen) {
      // Accepted by the kernel (as by a stopped server's listen backlog), and then nothing.
      client.pause();
      waiting.push(() => connect(client));
    } else connect(client);
  });
  const listen = (port: number) => new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);

  return {
    port,
    url: url.toString().replace(/\/$/, targetUrl.endsWith('/') ? '/' : ''),
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(ms: number) {
      state.delayMs = ms;
    },
    freeze() {
      frozen = true;
      for (const s of sockets) s.pause();
    },
    thaw() {
      frozen = false;
      for (const s of sockets) s.resume();
      for (const go of waiting.splice(0)) go();
    },
    async cut() {
      const closed = new Promise<void>((r) => server.close(() => r()));
      waiting.length = 0;
      for (const s of sockets) s.resetAndDestroy();
      await closed;
    },
    async restore() {
      await listen(port);
    },
    async close() {
      const closed = server.listening ? new Promise<void>((r) => server.close(() => r())) : Promise.resolve();
      for (const s of sockets) s.destroy();
      await closed;
    },
  };
}
