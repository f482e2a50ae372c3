import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { AppMetrics } from './app-metrics';
import { mayReadMetrics, METRICS_FORBIDDEN } from './metrics-access';
// Constructed for their gauges' registration in AppMetrics' registry.
import { OperationalGauges } from './operational-gauges';

/** GET /metrics: the Prometheus text format (see docs/operations.md for what to alert on). */
@ApiExcludeController()
@Controller('metrics')
export class MetricsController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: AppMetrics,
    readonly gauges: OperationalGauges,
  ) {}

  @Get()
  async scrape(@Req() req: Request, @Res() res: Response): Promise<void> {
    if (!mayReadMetrics(req, this.config.METRICS_TOKEN)) {
      res.status(403).json({ message: METRICS_FORBIDDEN });
      return;
    }
    const body = await this.metrics.registry.metrics();
    // end(), not send(): the exposition format's Content-Type exactly as prom-client states it.
    res.status(200).setHeader('Content-Type', this.metrics.registry.contentType);
    res.setHeader('Cache-Control', 'no-store');
    res.end(body);
  }
}
