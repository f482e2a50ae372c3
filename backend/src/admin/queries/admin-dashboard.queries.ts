import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface DashboardPage {
  limit: number;
  offset: number;
  status?: string;
  /** Task title or notes containing this text, case-insensitive (the Approvals page's search). */
  search?: string;
}

/** `text` as a literal ILIKE "contains" pattern: its own %, _ and \ match themselves. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Alias s = submissions, t = tasks; $1 = status or null, $2 = ILIKE pattern or null. */
const SUBMISSION_FILTER = `($1::text IS NULL OR s.status = $1)
  AND ($2::text IS NULL OR t.title ILIKE $2 OR s.notes ILIKE $2)`;

const USER_COLUMNS = `u.id, u.username, u.email, u.wallet_address AS "walletAddress", u.bio, u.is_admin AS "isAdmin",
  u.profile_image AS "profileImage", u.created_at AS "createdAt", u.updated_at AS "updatedAt"`;

const TASK_COLUMNS = `t.id, t.title, t.description, t.requirements, t.category, t.creator_id AS "creatorId",
  cu.username AS "creatorUsername", t.reward, t.max_completions AS "maxCompletions", t.completions,
  t.is_active AS "isActive", t.deadline, t.created_at AS "createdAt", t.estimated_time AS "estimatedTime",
  t.submission_type AS "submissionType", t.contract_address AS "contractAddress", t.funding_status AS "fundingStatus",
  t.total_submissions AS "totalSubmissions", t.pending_submissions AS "pendingSubmissions"`;

const SUBMISSION_COLUMNS = `s.id, s.task_id AS "taskId", t.title AS "taskTitle", t.reward AS "taskReward", s.user_id AS "userId", su.username,
  s.status, s.proof_link AS "proofLink", s.proof_text AS "proofText", s.proof_file_url AS "proofFileUrl", s.notes,
  s.created_at AS "createdAt", s.review_notes AS "reviewNotes", s.reviewed_by AS "reviewedBy", s.reviewed_at AS "reviewedAt",
  s.ai_validated AS "aiValidated", s.ai_validation AS "aiValidation", s.transaction_hash AS "transactionHash",
  s.payout_status AS "payoutStatus"`;

/**
 * The admin dashboard: one page of each list plus the overview, every figure aggregated by PostgreSQL.
 * Each statement is an index scan or one pass over a table, so 100,000 submissions answer in tens of ms.
 */
@Injectable()
export class AdminDashboardQueries {
  constructor(private readonly dataSource: DataSource) {}

  async dashboard(page: DashboardPage) {
    const pattern = page.search ? containsPattern(page.search) : null;
    const [users, tasks, submissions, overview, matching] = await Promise.all([
      this.dataSource.query(`SELECT ${USER_COLUMNS} FROM users u ORDER BY u.id DESC LIMIT $1 OFFSET $2`, [page.limit, page.offset]),
      this.dataSource.query(
        `SELECT ${TASK_COLUMNS} FROM tasks t LEFT JOIN users cu ON cu.id = t.creator_id ORDER BY t.id DESC LIMIT $1 OFFSET $2`,
        [page.limit, page.offset]),
      this.dataSource.query(
        `SELECT ${SUBMISSION_COLUMNS} FROM submissions s JOIN tasks t ON t.id = s.task_id LEFT JOIN users su ON su.id = s.user_id
          WHERE ${SUBMISSION_FILTER} ORDER BY s.id DESC LIMIT $3 OFFSET $4`,
        [page.status ?? null, pattern, page.limit, page.offset]),
      this.overview(),
      // Without a search the overview's counts by status are the list's size; a search counts its own matches.
      pattern
        ? this.dataSource.query(
          `SELECT count(*)::int AS n FROM submissions s JOIN tasks t ON t.id = s.task_id WHERE ${SUBMISSION_FILTER}`,
          [page.status ?? null, pattern]).then((r: Array<{ n: number }>) => r[0].n)
        : null,
    ]);
    return {
      users,
      tasks,
      submissions,
      overview,
      page: {
        limit: page.limit,
        offset: page.offset,
        status: page.status ?? null,
        q: page.search ?? null,
        totals: {
          users: overview.users.total,
          tasks: overview.tasks.total,
          submissions: matching ?? (page.status ? overview.submissions[page.status as 'pending'] : overview.submissions.total),
        },
      },
    };
  }

  async overview() {
    const [[u], [t], byStatus, categories, recent] = await Promise.all([
      this.dataSource.query(
        `SELECT count(*)::int AS total, count(*) FILTER (WHERE wallet_address IS NOT NULL)::int AS "withWallet",
                count(*) FILTER (WHERE is_admin)::int AS admins FROM users`),
      this.dataSource.query(
        `SELECT count(*)::int AS total, count(*) FILTER (WHERE is_active)::int AS active,
                count(DISTINCT category)::int AS categories,
                coalesce(sum(completions::bigint * reward), 0)::text AS "paidOut",
                coalesce(sum(max_completions::bigint * reward), 0)::text AS "totalRewards"
           FROM tasks`),
      this.dataSource.query(`SELECT status, count(*)::int AS n FROM submissions GROUP BY status`),
      this.dataSource.query(
        `SELECT category, count(*)::int AS count FROM tasks GROUP BY category ORDER BY count DESC, category`),
      // Pending first, then newest: the newest 5 of each status via the (status, created_at) index, merged.
      this.dataSource.query(
        `SELECT * FROM (
           (SELECT ${SUBMISSION_COLUMNS} FROM submissions s JOIN tasks t ON t.id = s.task_id LEFT JOIN users su ON su.id = s.user_id
             WHERE s.status = 'pending' ORDER BY s.created_at DESC, s.id DESC LIMIT 5)
           UNION ALL
           (SELECT ${SUBMISSION_COLUMNS} FROM submissions s JOIN tasks t ON t.id = s.task_id LEFT JOIN users su ON su.id = s.user_id
             WHERE s.status = 'approved' ORDER BY s.created_at DESC, s.id DESC LIMIT 5)
           UNION ALL
           (SELECT ${SUBMISSION_COLUMNS} FROM submissions s JOIN tasks t ON t.id = s.task_id LEFT JOIN users su ON su.id = s.user_id
             WHERE s.status = 'rejected' ORDER BY s.created_at DESC, s.id DESC LIMIT 5)
         ) r ORDER BY (r.status = 'pending') DESC, r."createdAt" DESC, r.id DESC LIMIT 5`),
    ]);
    const count = (st: string) => byStatus.find((r: { status: string }) => r.status === st)?.n ?? 0;
    const pending = count('pending');
    const approved = count('approved');
    const rejected = count('rejected');
    return {
      users: { total: u.total, withWallet: u.withWallet, admins: u.admins },
      tasks: { total: t.total, active: t.active, categories: t.categories },
      submissions: { total: pending + approved + rejected, pending, approved, rejected },
      /** CENTS: paidOut = sum over tasks of completions x reward; totalRewards = sum of reward x maxCompletions. */
      rewards: { paidOut: Number(t.paidOut), totalRewards: Number(t.totalRewards) },
      tasksPerCategory: categories,
      recentSubmissions: recent,
    };
  }
}
