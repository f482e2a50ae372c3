import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Admin console and submission validator:
 * - admin_ai_validations: one row per SubmissionAiValidated event (projection AdminAnalyticsProjection),
 *   what the AI Analytics tab aggregates;
 * - validation_image_fingerprints: a cache of content/perceptual hashes of proof images (derived from the
 *   stored files, not from events, so it is not a projection and a rebuild leaves it alone);
 * - trigram indexes on the proof text and link, so near-duplicate candidates are found by index
 *   instead of by scanning every submission.
 */
export class AdminValidation1763700004000 implements MigrationInterface {
  name = 'AdminValidation1763700004000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE admin_ai_validations (
        position bigint PRIMARY KEY,
        submission_id integer NOT NULL,
        task_id integer NOT NULL,
        validated_by integer,
        approved boolean NOT NULL,
        confidence real NOT NULL,
        quality_score integer,
        risk_level text NOT NULL,
        verification_status text,
        auto_eligible boolean NOT NULL,
        auto_approve_requested boolean NOT NULL DEFAULT false,
        signals text[] NOT NULL DEFAULT '{}',
        validator text,
        duration_ms integer NOT NULL,
        validated_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX admin_ai_validations_submission_idx ON admin_ai_validations (submission_id, position DESC)`);

    await q.query(`
      CREATE TABLE validation_image_fingerprints (
        file_url text PRIMARY KEY,
        readable boolean NOT NULL,
        error text,
        width integer,
        height integer,
        bytes integer,
        sha256 text,
        dhash text,
        stdev real,
        computed_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX validation_image_fingerprints_sha_idx ON validation_image_fingerprints (sha256)`);

    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(`CREATE INDEX submissions_proof_text_trgm_idx ON submissions USING gin (proof_text gin_trgm_ops)`);
    await q.query(`CREATE INDEX submissions_proof_link_trgm_idx ON submissions USING gin (lower(proof_link) gin_trgm_ops)`);
    await q.query(`CREATE INDEX submissions_file_url_idx ON submissions (proof_file_url) WHERE proof_file_url IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX submissions_file_url_idx`);
    await q.query(`DROP INDEX submissions_proof_link_trgm_idx`);
    await q.query(`DROP INDEX submissions_proof_text_trgm_idx`);
    await q.query(`DROP TABLE validation_image_fingerprints`);
    await q.query(`DROP TABLE admin_ai_validations`);
  }
}
