import { DataSource } from 'typeorm';

const CATEGORIES = ['Content', 'Development', 'Design', 'Marketing', 'Research', 'Social Media', 'Testing', 'Translation', 'Other'];

/** What {@link fillAdminScale} wrote, as the dashboard must count it. */
export interface AdminScale {
  submissions: number;
  pending: number;
  approved: number;
  rejected: number;
  users: number;
  usersWithWallet: number;
  validations: number;
}

/**
 * The admin read models at scale, written straight into the read tables: `submissions` submissions (a
 * multiple of 100: 10 % pending, 70 % approved, 20 % rejected, 30 % validated) from submissions / 20 users
 * (one in five without a wallet) over submissions / 50 tasks. The admin spec checks the dashboard's counts
 * on a small fill; `npm run bench:admin -w backend` times the same reads on 100,000 submissions.
 */
export async function fillAdminScale(db: DataSource, adminId: number, submissions: number): Promise<AdminScale> {
  if (submissions % 100 !== 0) throw new Error('submissions must be a multiple of 100');
  const users = submissions / 20;
  const tasks = submissions / 50;
  const q = (sql: string) => db.query(sql);
  await q(`INSERT INTO users (id, username, wallet_address, is_admin, wallet_linked_at, created_at, updated_at)
    SELECT 1000000 + g, 'user_' || g, CASE WHEN g % 5 <> 0 THEN '0x' || lpad(to_hex(g), 40, '0') END, false,
           now() - g * interval '1 minute', now() - g * interval '1 minute', now()
      FROM generate_series(1, ${users}) g`);
  await q(`INSERT INTO tasks (id, title, description, requirements, category, creator_id, reward, max_completions, completions,
             estimated_time, deadline, submission_type, is_active, funding_status, chain_id, escrow_amount, review_until, refundable_at,
             created_at, updated_at)
    SELECT 1000000 + g, 'Task ' || g, 'Description of task ' || g, 'Requirements of task ' || g,
           (ARRAY['${CATEGORIES.join("','")}'])[1 + g % ${CATEGORIES.length}], 1000000 + (g % ${users}) + 1, 10 + g % 90, 100, g % 100,
           30, now() + interval '7 days', 'text', g % 7 <> 0, 'funded', 31337, 0, now() + interval '14 days', now() + interval '14 days',
           now() - g * interval '1 hour', now()
      FROM generate_series(1, ${tasks}) g`);
  await q(`INSERT INTO submissions (id, task_id, user_id, proof_text, notes, status, ai_validated, created_at, updated_at)
    SELECT 1000000 + g, 1000000 + 1 + g % ${tasks}, 1000000 + 1 + g % ${users},
           'Proof number ' || g || ' for the task: ' || md5(g::text) || ' with some words about escrow and rewards',
           NULL, CASE WHEN g % 10 = 0 THEN 'pending' WHEN g % 10 < 8 THEN 'approved' ELSE 'rejected' END,
           g % 10 < 3, now() - g * interval '10 seconds', now()
      FROM generate_series(1, ${submissions}) g`);
  await q(`UPDATE submissions SET reviewed_at = now(), reviewed_by = 1 WHERE status <> 'pending' AND id >= 1000000`);
  await q(`INSERT INTO admin_ai_validations (position, submission_id, task_id, validated_by, approved, confidence, quality_score,
             risk_level, verification_status, auto_eligible, signals, validator, duration_ms, validated_at)
    SELECT 10000000 + s.id, s.id, s.task_id, ${adminId}, s.id % 4 <> 0, 0.5 + (s.id % 50) / 100.0, s.id % 100,
           (ARRAY['low','medium','high'])[1 + s.id % 3], 'needs_verification', s.id % 6 = 0,
           CASE WHEN s.id % 4 = 0 THEN ARRAY['off_topic'] ELSE ARRAY[]::text[] END, 'heuristic', 5 + s.id % 40, now() - interval '1 day'
      FROM submissions s WHERE s.ai_validated AND s.id >= 1000000`);
  await q(`ANALYZE`);
  return {
    submissions,
    pending: submissions / 10,
    approved: (submissions * 7) / 10,
    rejected: (submissions * 2) / 10,
    users,
    usersWithWallet: users - users / 5,
    validations: (submissions * 3) / 10,
  };
}
