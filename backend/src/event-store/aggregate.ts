import { NewEvent, StreamEvent } from './stored-event';

/** A domain event as aggregates see it: its type and data (metadata is added by the repository). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- an event's data is untyped until a reader knows its type
export interface DomainEvent<T extends string = string, D = any> {
  type: T;
  data: D;
  idempotencyKey?: string;
}

/**
 * An aggregate is the fold of its stream. Commands call methods that check the rules against the
 * current state and `raise` new events; `raise` applies them at once so later checks see them.
 * Everything it knows lives in `state`, and `evolve` is pure (returns a new state, never changes the one it
 * is given): the repository shares states between loads as snapshots.
 */
export abstract class Aggregate<S> {
  private uncommitted: DomainEvent[] = [];
  /** Folds of raised events so far (decideEach: whether a refused decision folded anything before it threw). */
  private folds = 0;
  protected state: S;
  /** Version of the stream as loaded (the expected version for the append). */
  version = 0;
  /**
   * Set by AggregateRepository.loadMany when folding this stream threw (an event no evolver can apply): the
   * aggregate is not decided on, and the others loaded with it still are.
   */
  unloadable: Error | null = null;

  constructor(readonly id: number) {
    this.state = this.initialState();
  }

  abstract get streamId(): string;
  protected abstract initialState(): S;
  protected abstract evolve(state: S, event: DomainEvent): S;

  /**
   * The state after `events`, in order, from `state` (which it leaves as it was). One fold: an aggregate may
   * fold faster than event by event as long as what it returns is what `evolve` one by one would return.
   */
  protected evolveAll(state: S, events: DomainEvent[]): S {
    for (const e of events) state = this.evolve(state, e);
    return state;
  }

  get exists(): boolean {
    return this.version > 0 || this.uncommitted.length > 0;
  }

  /** Continues from a state this aggregate folded earlier up to `version` (a snapshot); `load` adds what came after. */
  resume(state: S, version: number): this {
    this.state = state;
    this.version = version;
    return this;
  }

  /** Adds stored events to the state (all of them, or none when one cannot be folded: the fold throws). */
  load<E extends StreamEvent>(events: readonly E[]): this {
    if (!events.length) return this;
    this.state = this.evolveAll(this.state, events.map((e) => ({ type: e.type, data: e.data })));
    this.version = events[events.length - 1].streamVersion;
    return this;
  }

  protected raise<D>(type: string, data: D, idempotencyKey?: string): void {
    const event: DomainEvent = { type, data, idempotencyKey };
    this.folds++;
    this.state = this.evolve(this.state, event);
    this.uncommitted.push(event);
  }

  /**
   * Raises all of `events` or none: they are folded onto the state first, so an evolver that throws on one
   * of them leaves the state and the events to append as they were (a command deciding many things in
   * one go, such as a block range of chain facts, can refuse one and keep the others).
   */
  protected raiseAll(events: DomainEvent[]): void {
    this.folds++;
    this.state = this.evolveAll(this.state, events);
    this.uncommitted.push(...events.map((e) => ({ type: e.type, data: e.data, idempotencyKey: e.idempotencyKey })));
  }

  /**
   * Decides each item in turn (a block range's logs of this aggregate), each all or nothing: when `decide` throws,
   * the events it raised are dropped and the state is the one before it, and the next item is decided on that
   * state. Returns, per item, what it threw (`refused`) or that it was decided.
   *
   * The run's folds may share what they copy (`decisionRun`), so the state before a refused decision may have
   * been changed in place once the decision folded something: the state is then folded again from the run's
   * start with the events kept. A decision refused before it raised anything (a rule saying no) costs nothing.
   */
  decideEach<T>(items: readonly T[], decide: (item: T, index: number) => void): Array<{ refused: false } | { refused: true; error: unknown }> {
    return this.decisionRun(() => {
      const start = this.state;
      const kept = this.uncommitted.length;
      return items.map((item, index) => {
        const [before, raised, folds] = [this.state, this.uncommitted.length, this.folds];
        try {
          decide(item, index);
          return { refused: false as const };
        } catch (error) {
          this.uncommitted.length = raised;
          this.state = this.folds === folds ? before : this.evolveAll(start, this.uncommitted.slice(kept));
          return { refused: true as const, error };
        }
      });
    });
  }

  /** Runs a run of decisions (decideEach); an aggregate whose folds copy lazily lets them share the copies. */
  protected decisionRun<R>(run: () => R): R {
    return run();
  }

  pullEvents(): NewEvent[] {
    const out = this.uncommitted.map((e) => ({ type: e.type, data: e.data, idempotencyKey: e.idempotencyKey }));
    this.uncommitted = [];
    return out;
  }

  get snapshot(): Readonly<S> {
    return this.state;
  }
}
