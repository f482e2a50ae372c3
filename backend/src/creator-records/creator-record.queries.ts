import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CreatorRecordRow, CreatorRecordView, EarnerRecordView, creatorRecordView } from './creator-record.view';

@Injectable()
export class CreatorRecordQueries {
  constructor(private readonly dataSource: DataSource) {}

  async ofCreator(creatorId: number): Promise<CreatorRecordView> {
    const rows: CreatorRecordRow[] = await this.dataSource.query(
      `SELECT submissions_reviewed, reviewed_before_deadline, approved, auto_approved, appeals_overturned, median_review_ms,
              cent_paid::text AS cent_paid
         FROM creator_records WHERE creator_id = $1`,
      [creatorId],
    );
    return creatorRecordView(creatorId, rows[0]);
  }

  /** From the submissions read model (its user index) and the leaderboard's released earnings. */
  async ofEarner(userId: number): Promise<EarnerRecordView> {
    const [row]: Array<{ submissions: number; approved: number; rejected: number; earned: string | null }> = await this.dataSource.query(
      `SELECT count(*)::int AS submissions,
              count(*) FILTER (WHERE s.status = 'approved')::int AS approved,
              count(*) FILTER (WHERE s.status = 'rejected')::int AS rejected,
              (SELECT l.total_earned::text FROM leaderboard l WHERE l.user_id = $1) AS earned
         FROM submissions s WHERE s.user_id = $1`,
      [userId],
    );
    // total_earned is whole CENT (leaderboard.projection.ts), far below 2^53.
    return { submissions: row.submissions, approved: row.approved, rejected: row.rejected, earned: Number(row.earned ?? 0) };
  }
}
