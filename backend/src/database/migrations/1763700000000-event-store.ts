import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The append-only event store and the projection checkpoints.
 * `transaction_id` (xid8) lets readers stop below the oldest running transaction, so an event committed
 * late by a slow writer is never skipped (see EventStore.readAll).
 */
export class EventStore1763700000000 implements MigrationInterface {
  name = 'EventStore1763700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE events (
        global_position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        stream_id text NOT NULL,
        stream_version integer NOT NULL CHECK (stream_version > 0),
        event_type text NOT NULL,
        data jsonb NOT NULL,
        metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
        idempotency_key text,
        transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT events_stream_version_unique UNIQUE (stream_id, stream_version),
        CONSTRAINT events_idempotency_key_unique UNIQUE (idempotency_key)
      )`);
    await q.query(`CREATE INDEX events_tx_position_idx ON events (transaction_id, global_position)`);
    // Events are facts: the database itself refuses to change or remove them.
    await q.query(`
      CREATE FUNCTION events_are_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'events are append-only: % is not allowed', TG_OP USING ERRCODE = 'restrict_violation';
      END $$`);
    await q.query(`CREATE TRIGGER events_no_update_delete BEFORE UPDATE OR DELETE ON events
                   FOR EACH ROW EXECUTE FUNCTION events_are_immutable()`);
    await q.query(`CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON events
                   FOR EACH STATEMENT EXECUTE FUNCTION events_are_immutable()`);

    // Cross-stream uniqueness (wallet address, username): reserved in the same transaction as the append.
    await q.query(`
      CREATE TABLE unique_keys (
        kind text NOT NULL,
        value text NOT NULL,
        stream_id text NOT NULL,
        PRIMARY KEY (kind, value)
      )`);

    await q.query(`
      CREATE TABLE projection_checkpoints (
        name text PRIMARY KEY,
        last_transaction_id xid8 NOT NULL DEFAULT '0'::xid8,
        last_position bigint NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`CREATE SEQUENCE user_id_seq`);
    await q.query(`CREATE SEQUENCE task_id_seq`);
    await q.query(`CREATE SEQUENCE submission_id_seq`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP SEQUENCE submission_id_seq`);
    await q.query(`DROP SEQUENCE task_id_seq`);
    await q.query(`DROP SEQUENCE user_id_seq`);
    await q.query(`DROP TABLE projection_checkpoints`);
    await q.query(`DROP TABLE unique_keys`);
    await q.query(`DROP TABLE events`);
    await q.query(`DROP FUNCTION events_are_immutable`);
  }
}
