import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The spam guard when a proof is sent (issue 22): whether the current proof's check was recorded
 * (SubmissionSpamChecked or SubmissionFlaggedForAdmins) in the review-deadlines read model, which is the spam-check
 * source's durable queue. Pending submissions from before this migration start unchecked: they are checked once.
 */
export class SpamCheckAtSubmission1795619041000 implements MigrationInterface {
  name = 'SpamCheckAtSubmission1795619041000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE review_deadlines ADD COLUMN spam_checked boolean NOT NULL DEFAULT false`);
    // What the spam-check source asks every tick: only the proofs still waiting for their check are indexed.
    await q.query(`CREATE INDEX review_deadlines_spam_check ON review_deadlines (submitted_at)
                    WHERE status = 'pending' AND NOT spam_checked AND flagged_reason IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX review_deadlines_spam_check`);
    await q.query(`ALTER TABLE review_deadlines DROP COLUMN spam_checked`);
  }
}
