import { Global, Module } from '@nestjs/common';
import { ChainClock } from './chain-clock';

/** One ChainClock per process, for every command handler, the indexer and schedulers. */
@Global()
@Module({ providers: [ChainClock], exports: [ChainClock] })
export class ClockModule {}
