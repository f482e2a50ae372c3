import { Global, Module } from '@nestjs/common';
import { AggregateRepository } from './aggregate-repository';
import { EventStore } from './event-store';
import { IdAllocator } from './id-allocator';

/** The event store and the aggregates' repository. Their read models come from ProjectionsModule (READ_MODELS). */
@Global()
@Module({
  providers: [EventStore, AggregateRepository, IdAllocator],
  exports: [EventStore, AggregateRepository, IdAllocator],
})
export class EventStoreModule {}
