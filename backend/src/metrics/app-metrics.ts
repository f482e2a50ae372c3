import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus registry and the metrics code writes to directly. Its own registry (not
 * prom-client's global one): several apps in one process (tests, benchmarks) each count for themselves.
 * The gauges read at scrape time live in operational-gauges.ts.
 */
@Injectable()
export class AppMetrics {
  readonly registry = new Registry();

  /** Every answered request, by route template (bounded: never the raw URL), method and status. */
  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by route template, method and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  /** JSON-RPC calls of this process that failed (timeouts, transport errors, error answers). */
  readonly rpcErrors = new Counter({
    name: 'cent_rpc_errors_total',
    help: 'Failed JSON-RPC calls to the chain made by this process, by method',
    labelNames: ['method'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }
}
