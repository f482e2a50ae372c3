import * as http from 'node:http';
import { AddressInfo } from 'node:net';
import { testConfig } from '../../test/test-app';
import { ChainClock } from './chain-clock';

/** A JSON-RPC endpoint on a real socket: answers `latest` with `timestamp`, or never answers (a frozen node). */
async function node(answer: (() => { number: number; timestamp: number }) | 'frozen') {
  const server = http.createServer((req, res) => {
    if (answer === 'frozen') return; // holds the request open, like a node that stopped answering
    req.resume().on('end', () => {
      const b = answer();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: { number: `0x${b.number.toString(16)}`, timestamp: `0x${b.timestamp.toString(16)}` } }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}

const clockOn = (url: string) => new ChainClock(testConfig({ RPC_URL: url, CHAIN_CLOCK_POLL_MS: '0', CHAIN_CLOCK_TIMEOUT_MS: '300' }));

describe('ChainClock: max(server time, latest block time)', () => {
  it('is the chain time when the chain is ahead, server time when it is behind, and never goes back', async () => {
    const year9999 = Math.floor(Date.UTC(9999, 11, 31, 23, 59, 59) / 1000);
    let block = { number: 10, timestamp: year9999 };
    const n = await node(() => block);
    try {
      const clock = clockOn(n.url);
      const before = Date.now();
      expect(clock.now().getTime()).toBeGreaterThanOrEqual(before); // before any poll: server time
      await clock.refresh();
      expect(clock.now().toISOString()).toBe('9999-12-31T23:59:59.000Z');
      expect(clock.chainTime).toMatchObject({ blockNumber: 10, timestampMs: year9999 * 1000 });
      block = { number: 9, timestamp: 1 }; // a lagging node answers an older block: ignored
      await clock.refresh();
      expect(clock.now().toISOString()).toBe('9999-12-31T23:59:59.000Z');

      const behind = clockOn(n.url);
      block = { number: 11, timestamp: 0 }; // the chain's time at the epoch: server time wins
      await behind.refresh();
      const [lo, t, hi] = [Date.now(), behind.now().getTime(), Date.now()];
      expect(t >= lo && t <= hi).toBe(true);
    } finally {
      await n.close();
    }
  });

  it('holds a block time past the year 9999 at the last storable instant: now() stays a date every rule can use', async () => {
    for (const seconds of [Math.floor(Date.UTC(10000, 0, 1) / 1000), 2 ** 53, Number.MAX_SAFE_INTEGER]) {
      const n = await node(() => ({ number: 20, timestamp: seconds }));
      try {
        const clock = clockOn(n.url);
        await clock.refresh();
        expect(clock.now().toISOString()).toBe('9999-12-31T23:59:59.000Z');
        expect(clock.chainTime).toMatchObject({ blockNumber: 20 });
      } finally {
        await n.close();
      }
    }
  });

  it('a frozen node never makes now() wait: the poll gives up after its timeout and the clock keeps server time', async () => {
    const n = await node('frozen');
    try {
      const clock = clockOn(n.url);
      let settled = false;
      const started = Date.now();
      const polling = clock.refresh().then(() => (settled = true));
      const now = clock.now(); // answered while the poll still hangs: now() never waits for the node
      expect(settled).toBe(false);
      expect(Math.abs(now.getTime() - Date.now())).toBeLessThan(1000);
      await polling;
      expect(Date.now() - started).toBeLessThan(5_000); // bounded by CHAIN_CLOCK_TIMEOUT_MS (300 ms)
      expect(clock.chainTime).toBeNull();
    } finally {
      await n.close();
    }
  });
});
