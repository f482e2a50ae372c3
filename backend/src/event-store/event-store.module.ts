import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { QuarantineQueries } from '../projections/projection-quarantine';
import { ProjectionRunner } from '../projections/projection-runner';
import { AggregateRepository } from './aggregate-repository';
import { EventStore } from './event-store';
import { IdAllocator } from './id-allocator';

@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [EventStore, AggregateRepository, IdAllocator, ProjectionRunner, QuarantineQueries],
  exports: [EventStore, AggregateRepository, IdAllocator, ProjectionRunner, QuarantineQueries],
})
export class EventStoreModule {}
