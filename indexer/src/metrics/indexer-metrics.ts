import { collectDefaultMetrics, Counter, Registry } from 'prom-client';
import { JsonRpc, RpcError } from '../chain/json-rpc';

/**
 * The indexer process's own metrics (its RPC traffic is its own; everything read from the database —
 * indexer lag, payout queue, projection lag — is on the backend's /metrics).
 */
export class IndexerMetrics {
  readonly registry = new Registry();

  /** kind: `transport` (timeout, refused, HTTP error, garbage: the node is unhealthy) or `rpc_error` (the node answered an error, e.g. a revert). */
  readonly rpcErrors = new Counter({
    name: 'cent_rpc_errors_total',
    help: 'Failed JSON-RPC calls to the chain made by this process, by method and kind',
    labelNames: ['method', 'kind'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /** Counts every failed attempt of this client. */
  watch(rpc: JsonRpc): void {
    rpc.onFailure = (method, err) => this.rpcErrors.inc({ method, kind: err instanceof RpcError ? 'rpc_error' : 'transport' });
  }
}
