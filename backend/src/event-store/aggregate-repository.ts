import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { DomainError } from '../common/domain-error';
import { Aggregate } from './aggregate';
import { AggregateSnapshots } from './aggregate-snapshots';
import { EventStore } from './event-store';
import { READ_MODELS, ReadModels } from './read-models';
import { AppendOptions } from './stream-append';
import { WrongExpectedVersionError } from './event-store.errors';
import { Checkpoint, EventMetadata, NewEvent, StreamEvent } from './stored-event';

export interface SaveOutcome<R> {
  result: R;
  /** False when nothing new was stored: the decision raised nothing, or only already applied chain facts. */
  appended: boolean;
}

export interface ExecuteOptions<A> {
  /** What the append needs from the decided aggregate (e.g. the unique keys it reserves). */
  appendOptions?: (aggregate: A) => AppendOptions;
  /**
   * false: return once the events are stored; the caller waits for the read models itself, once for many
   * commands (the due-decision scheduler after a source's decisions, ProjectionRunner.waitForOwnAppends).
   */
  waitForReadModels?: boolean;
}

/**
 * Loads an aggregate, runs a decision on it and appends what it raised with the loaded version as the
 * expected version. A concurrent writer makes the append fail; the whole decision is then retried on
 * fresh state (bounded, with jitter) and finally answered with 409. After a successful append it waits
 * until the read models show the new events, so the API reads its own writes.
 *
 * A stream this process wrote or read recently is decided on at once from its snapshot, without reading
 * the stream: the append compares and sets the stream version, so a decision taken on a state that another
 * process has moved past is never stored. It is decided again on the stream as stored when that append
 * conflicts, and also when the decision refuses (throws) or raises nothing: an answer that stores nothing
 * is only ever given on the stream as stored.
 */
@Injectable()
export class AggregateRepository {
  /** Recently loaded aggregates (see AggregateSnapshots): ~10k streams, a few kB each at most. */
  private readonly snapshots = new AggregateSnapshots(10_000);

  constructor(
    private readonly store: EventStore,
    @Inject(READ_MODELS) private readonly readModels: ReadModels,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The aggregate as of its stream's last event: from its snapshot plus the events after it, if it has one. */
  async load<A extends Aggregate<unknown>>(aggregate: A): Promise<A> {
    const snapshot = this.snapshots.get(aggregate.streamId);
    const { events } = await this.store.readStream(aggregate.streamId, snapshot?.version ?? 0);
    if (snapshot) aggregate.resume(snapshot.state, snapshot.version);
    aggregate.load(events);
    if (events.length) this.snapshots.put(aggregate.streamId, aggregate.version, aggregate.snapshot);
    return aggregate;
  }

  /** Several aggregates as of their streams' last events, read in ONE query (snapshots as in `load`). */
  async loadMany<A extends Aggregate<unknown>>(aggregates: A[]): Promise<A[]> {
    const snapshots = aggregates.map((a) => this.snapshots.get(a.streamId));
    const events = await this.store.readStreamsToFold(aggregates.map((a, i) => ({ streamId: a.streamId, afterVersion: snapshots[i]?.version ?? 0 })));
    aggregates.forEach((a, i) => {
      const snapshot = snapshots[i];
      const mine = events.get(a.streamId) ?? [];
      try {
        if (snapshot) a.resume(snapshot.state, snapshot.version);
        a.load(mine);
      } catch (err) {
        // One stream that cannot be folded must not stop the others loaded with it (a block range of many tasks).
        a.unloadable = err instanceof Error ? err : new Error(String(err));
        return;
      }
      if (mine.length) this.snapshots.put(a.streamId, a.version, a.snapshot);
    });
    return aggregates;
  }

  /**
   * `execute` for many aggregates at once (the indexer's block range): loads them in one query (each from
   * its snapshot plus what its stream holds after it), runs ONE decision over all of them and appends what
   * each raised in ONE transaction, each stream still compare-and-set on its loaded version, together with
   * `alsoInTransaction` (the caller's own writes, e.g. the indexer's checkpoint). A stream that moved
   * meanwhile fails the whole append; the decision is then retried on fresh state, bounded like `execute`'s.
   */
  async executeMany<A extends Aggregate<unknown>, R>(
    create: () => A[],
    decide: (aggregates: A[]) => R | Promise<R>,
    metadata: EventMetadata,
    /** Runs in the append's transaction, before its commit, with the decision's result. */
    alsoInTransaction?: (m: EntityManager, result: R) => Promise<void>,
    waitForReadModels = true,
  ): Promise<SaveOutcome<R> & { checkpoint: Checkpoint | null }> {
    for (let attempt = 0; ; attempt++) {
      const aggregates = await this.loadMany(create());
      const before = aggregates.map((a) => ({ state: a.snapshot, version: a.version }));
      const result = await decide(aggregates);
      const appends = aggregates.map((a) => ({
        streamId: a.streamId,
        expectedVersion: a.version,
        events: a.pullEvents().map((e) => ({ ...e, metadata: { ...metadata, ...e.metadata } })),
      }));
      try {
        const { checkpoint } = await this.store.appendMany(appends, alsoInTransaction && ((m) => alsoInTransaction(m, result)));
        const fresh = create();
        appends.forEach((a, i) => {
          if (a.events.length) this.rememberAppended(fresh[i], before[i], a.events, before[i].version + a.events.length);
        });
        if (waitForReadModels) await this.readModels.waitFor(checkpoint);
        return { result, appended: checkpoint !== null, checkpoint };
      } catch (err) {
        if (!(err instanceof WrongExpectedVersionError)) throw err;
        if (attempt >= this.config.COMMAND_MAX_RETRIES) {
          throw new DomainError(409, 'This item was changed by someone else at the same time. Please try again.');
        }
        await new Promise((r) => setTimeout(r, Math.random() * Math.min(50, 2 ** attempt)));
      }
    }
  }

  async execute<A extends Aggregate<unknown>, R>(
    create: () => A,
    decide: (aggregate: A) => R | Promise<R>,
    metadata: EventMetadata = {},
    { appendOptions = () => ({}), waitForReadModels = true }: ExecuteOptions<A> = {},
  ): Promise<SaveOutcome<R>> {
    const maxRetries = this.config.COMMAND_MAX_RETRIES;
    let trustSnapshot = true;
    for (let attempt = 0; ; ) {
      const aggregate = create();
      const snapshot = trustSnapshot ? this.snapshots.get(aggregate.streamId) : undefined;
      trustSnapshot = false;
      if (snapshot) aggregate.resume(snapshot.state, snapshot.version);
      else await this.load(aggregate);
      const before = { state: aggregate.snapshot, version: aggregate.version };
      let result: R;
      try {
        result = await decide(aggregate);
      } catch (err) {
        if (snapshot) continue;
        throw err;
      }
      const events = aggregate.pullEvents().map((e) => ({ ...e, metadata: { ...metadata, ...e.metadata } }));
      if (events.length === 0) {
        if (snapshot) continue;
        return { result, appended: false };
      }
      try {
        const appended = await this.store.append(aggregate.streamId, aggregate.version, events, appendOptions(aggregate));
        if (!appended.duplicate) this.rememberAppended(create(), before, events, appended.nextVersion);
        if (waitForReadModels) await this.readModels.waitFor(appended.checkpoint);
        return { result, appended: !appended.duplicate };
      } catch (err) {
        if (!(err instanceof WrongExpectedVersionError)) throw err;
        if (snapshot) continue; // the snapshot was behind the stream: decide again on the stream as stored, at once
        if (attempt >= maxRetries) {
          throw new DomainError(409, 'This item was changed by someone else at the same time. Please try again.');
        }
        await new Promise((r) => setTimeout(r, Math.random() * Math.min(50, 2 ** attempt)));
        attempt++;
      }
    }
  }

  /**
   * The state after an append, as the next load would fold it from the store: the appended events' data
   * goes through JSON as the store keeps it (a Date raised in memory comes back as its ISO string).
   */
  private rememberAppended(
    aggregate: Aggregate<unknown>,
    before: { state: unknown; version: number },
    events: NewEvent[],
    nextVersion: number,
  ): void {
    if (nextVersion !== before.version + events.length) return;
    const stored: StreamEvent[] = events.map((e, i) => ({
      type: e.type,
      data: JSON.parse(JSON.stringify(e.data ?? {})),
      streamVersion: before.version + i + 1,
    }));
    aggregate.resume(before.state, before.version).load(stored);
    this.snapshots.put(aggregate.streamId, aggregate.version, aggregate.snapshot);
  }
}
