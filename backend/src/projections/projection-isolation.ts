import { Logger } from '@nestjs/common';
import { PoolClient } from 'pg';
import { QueryRunner } from 'typeorm';
import { Checkpoint, StoredEvent } from '../event-store/stored-event';
import { Projection, ProjectionBatch } from './projection';
import { moveCheckpointsSql, openBatch, pgClientOf } from './projection-batch-sql';
import { applyPastOwnCheckpoints, lowest } from './projection-checkpoints';
import { isEventFault } from './projection-error';
import { QuarantinedEvent, recordQuarantine } from './projection-quarantine';
import { inlineParams } from './sql-literal';

const logger = new Logger('ProjectionRunner');

/** A committed isolating batch: events read, where the read models got, the batch's last event, its hooks. */
export interface IsolatedBatch {
  read: number;
  reached: Checkpoint;
  /** The last event's checkpoint, which every projection now has (null: the batch read none). */
  last: Checkpoint | null;
  hooks: Array<() => void>;
}

/**
 * A batch after one failed because of an event: the same events, each projection under a savepoint with
 * all of them first (as cheap as a plain batch when they apply), halving the part that fails until the one
 * event it cannot apply is found. That event is set aside for THAT projection only (projection_quarantine,
 * admins told), in this transaction; every other event and projection moves on. A failure that is not the
 * event's (connection, timeout) rolls the whole batch back (and is thrown) for the loop to retry.
 */
export async function runIsolatingBatch(qr: QueryRunner, projections: Projection[], limit: number): Promise<IsolatedBatch> {
  const client = await pgClientOf(qr);
  const names = projections.map((p) => p.name);
  const hooks: Array<() => void> = [];
  const quarantined: QuarantinedEvent[] = [];
  let outcome: IsolatedBatch;
  try {
    const { checkpoints, events } = await openBatch(client, names, limit, undefined, 'wait');
    outcome = { read: events.length, reached: lowest(checkpoints), last: null, hooks };
    if (!events.length) {
      await client.query('COMMIT');
    } else {
      const last = await applyPastOwnCheckpoints(projections, events, checkpoints, (p, fresh) => applyIsolating(p, fresh, qr, client, hooks, quarantined));
      await recordQuarantine(client, quarantined);
      await client.query(`${moveCheckpointsSql(names, checkpoints, last)}; COMMIT`);
      outcome = { ...outcome, reached: last, last };
    }
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  }
  for (const q of quarantined) {
    logger.error(
      `projection ${q.projection} set aside event ${q.event.globalPosition} (${q.event.type}, ${q.event.streamId}): ${(q.error as Error)?.message ?? q.error}`,
    );
  }
  return outcome;
}

/** Applies `events` to `p` under a savepoint; on the event's fault, halves them until the culprit is alone. */
async function applyIsolating(
  p: Projection,
  events: StoredEvent[],
  qr: QueryRunner,
  client: PoolClient,
  afterCommit: Array<() => void>,
  quarantined: QuarantinedEvent[],
): Promise<void> {
  const writes: string[] = [];
  const hooks: Array<() => void> = [];
  const batch: ProjectionBatch = {
    afterCommit: (fn) => void hooks.push(fn),
    write: (sql, params) => void writes.push(inlineParams(sql, params)),
  };
  await client.query('SAVEPOINT projection_apply');
  try {
    await p.apply(events, qr, batch);
    if (writes.length) await client.query(writes.join(';\n'));
    await client.query('RELEASE SAVEPOINT projection_apply');
    afterCommit.push(...hooks);
    return;
  } catch (err) {
    if (!isEventFault(err)) throw err;
    // Fails too when the connection is gone: then it was not the event's fault, and the batch is retried.
    await client.query('ROLLBACK TO SAVEPOINT projection_apply; RELEASE SAVEPOINT projection_apply');
    // What it folded of the failed attempt never happened.
    p.forget?.();
    if (events.length === 1) {
      quarantined.push({ projection: p.name, event: events[0], error: err });
      return;
    }
  }
  const half = Math.ceil(events.length / 2);
  await applyIsolating(p, events.slice(0, half), qr, client, afterCommit, quarantined);
  await applyIsolating(p, events.slice(half), qr, client, afterCommit, quarantined);
}
