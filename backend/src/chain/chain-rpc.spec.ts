import * as http from 'node:http';
import { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import { testConfig } from '../../test/test-app';
import { DependencyStatus } from '../health/dependency-status';
import { ChainRpc } from './chain-rpc';

/** A JSON-RPC endpoint that reads every request and never answers (a frozen chain). */
async function frozenRpc(): Promise<{ url: string; close(): Promise<void> }> {
  const held: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    held.push(res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

describe('ChainRpc', () => {
  let rpc: { url: string; close(): Promise<void> };
  beforeEach(async () => (rpc = await frozenRpc()));
  afterEach(() => rpc.close());

  // Reading the head needs no database; the one ChainRpc takes is for the indexer's checkpoint (lastBlockSeen).
  const chainRpc = (status: DependencyStatus) =>
    new ChainRpc(testConfig({ RPC_URL: rpc.url, CHAIN_TIMEOUT_MS: '300' }), status, null as unknown as DataSource);

  it('records a chain that does not answer within the timeout as unreachable', async () => {
    const status = new DependencyStatus();
    const chain = chainRpc(status);
    try {
      await expect(chain.head()).rejects.toThrow();
      expect(status.downSince('chain')).toEqual({ since: expect.any(Date), reason: expect.stringMatching(/timeout/i) });
    } finally {
      chain.onModuleDestroy();
    }
  });

  it('a read still in flight at shutdown fails without recording the chain as down (the provider went, not the chain)', async () => {
    const status = new DependencyStatus();
    const chain = chainRpc(status);
    const inFlight = chain.head();
    await new Promise((r) => setTimeout(r, 50));
    chain.onModuleDestroy();
    await expect(inFlight).rejects.toThrow();
    expect(status.downSince('chain')).toBeNull();
  });
});
