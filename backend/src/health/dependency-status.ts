import { Global, Injectable, Logger, Module } from '@nestjs/common';
import { EventEmitter } from 'node:events';

/** What the API depends on and may find unavailable. */
export type Dependency = 'database' | 'chain' | 'storage';

export interface BlockSighting {
  number: number;
  /** When this process saw it as the chain's head. */
  seenAt: Date;
}

/**
 * The one place that records whether the database, the chain and the upload storage were last found up
 * or down (by the error filter, the health checks, the chain reads), and the last chain head seen. It logs
 * each change once (not once per failed request) and emits it on `changes` ('down' with the dependency
 * and the reason, 'up' with the dependency), for metrics to count.
 */
@Injectable()
export class DependencyStatus {
  private readonly logger = new Logger('Dependencies');
  private readonly down = new Map<Dependency, { since: Date; reason: string }>();
  private head: BlockSighting | null = null;
  readonly changes = new EventEmitter();

  /** `reqId`: the request that found it down, when one did (its id on the line, for following it in the logs). */
  failed(dependency: Dependency, reason: string, reqId?: string): void {
    if (this.down.has(dependency)) return;
    this.down.set(dependency, { since: new Date(), reason });
    const msg = `${dependency} unavailable: ${reason}`;
    this.logger.warn(reqId ? { reqId, msg } : msg);
    this.changes.emit('down', dependency, reason);
  }

  recovered(dependency: Dependency): void {
    const was = this.down.get(dependency);
    if (!was) return;
    this.down.delete(dependency);
    this.logger.log(`${dependency} available again (down for ${Math.round((Date.now() - was.since.getTime()) / 1000)} s)`);
    this.changes.emit('up', dependency);
  }

  /** Down since when and why, or null when last found up (or never tried). */
  downSince(dependency: Dependency): { since: Date; reason: string } | null {
    return this.down.get(dependency) ?? null;
  }

  /** A successful read of the chain's head. */
  sawBlock(number: number): void {
    if (!this.head || number >= this.head.number) this.head = { number, seenAt: new Date() };
    this.recovered('chain');
  }

  get lastBlockSeen(): BlockSighting | null {
    return this.head;
  }
}

@Global()
@Module({ providers: [DependencyStatus], exports: [DependencyStatus] })
export class DependencyStatusModule {}
