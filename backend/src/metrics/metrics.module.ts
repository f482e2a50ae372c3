import { Module } from '@nestjs/common';
import { ChainModule } from '../chain/chain-rpc';
import { AppMetrics } from './app-metrics';
import { ChainHeadWatcher } from './chain-head.watcher';
import { MetricsController } from './metrics.controller';
import { OperationalGauges } from './operational-gauges';

/** Prometheus metrics: GET /metrics, request latency (http-metrics.ts, wired in createHttpApp) and the gauges. */
@Module({
  imports: [ChainModule],
  controllers: [MetricsController],
  providers: [AppMetrics, ChainHeadWatcher, OperationalGauges],
  exports: [AppMetrics],
})
export class MetricsModule {}
