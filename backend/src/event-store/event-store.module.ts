import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { ProjectionRunner } from '../projections/projection-runner';
import { AggregateRepository } from './aggregate-repository';
import { EventStore } from './event-store';
import { IdAllocator } from './id-allocator';

@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [EventStore, AggregateRepository, IdAllocator, ProjectionRunner],
  exports: [EventStore, AggregateRepository, IdAllocator, ProjectionRunner],
})
export class EventStoreModule {}
