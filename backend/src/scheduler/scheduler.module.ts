import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { DueDecisionScheduler } from './due-decision-scheduler';

/** The generic due-decision scheduler; features register sources with `@DueDecisions()` (due-decision.ts). */
@Module({ imports: [DiscoveryModule], providers: [DueDecisionScheduler], exports: [DueDecisionScheduler] })
export class SchedulerModule {}
