import { Checkpoint } from './stored-event';

/**
 * What a command waits on after its append so the API reads its own writes: the read models reaching a
 * position. The event store declares it and the projections provide it (projections.module.ts), so the
 * event store depends on no projection code.
 */
export interface ReadModels {
  /** Resolves once every read model shows the event at `target` (at once for null). */
  waitFor(target: Checkpoint | null, timeoutMs?: number): Promise<void>;
}

export const READ_MODELS = Symbol('ReadModels');
