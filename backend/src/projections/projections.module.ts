import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { READ_MODELS } from '../event-store/read-models';
import { QuarantineQueries } from './projection-quarantine';
import { ProjectionRunner } from './projection-runner';

/** The projection runner, which feeds every read model from the event store and tells commands when they show their events. */
@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [ProjectionRunner, QuarantineQueries, { provide: READ_MODELS, useExisting: ProjectionRunner }],
  exports: [ProjectionRunner, QuarantineQueries, READ_MODELS],
})
export class ProjectionsModule {}
