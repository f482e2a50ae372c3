import { Module } from '@nestjs/common';
import { ChainModule } from '../chain/chain-rpc';
import { HealthController } from './health.controller';

@Module({ imports: [ChainModule], controllers: [HealthController] })
export class HealthModule {}
