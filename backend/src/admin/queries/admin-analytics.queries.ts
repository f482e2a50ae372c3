import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SIGNAL_LABELS } from './signal-labels';

const share = (n: number, of: number) => (of > 0 ? Math.round((n / of) * 1000) / 1000 : null);

/**
 * Each submission's validation that counts: for a decided submission the last one run before the
 * decision (what the reviewer could see); for a pending one the latest. An approval is "automatic" when
 * that validation came from an auto-approve run, was eligible, and its validating admin approved it.
 */
const EFFECTIVE = `
  WITH effective AS (
    SELECT s.id AS submission_id, s.status, t.category, v.approved, v.confidence, v.risk_level, v.auto_eligible,
           v.signals, (s.status = 'approved' AND v.auto_approve_requested AND v.auto_eligible AND s.reviewed_by = v.validated_by) AS auto_approved
      FROM submissions s
      JOIN tasks t ON t.id = s.task_id
      JOIN LATERAL (
        SELECT * FROM admin_ai_validations v
         WHERE v.submission_id = s.id AND (s.reviewed_at IS NULL OR v.validated_at <= s.reviewed_at)
         ORDER BY v.position DESC LIMIT 1
      ) v ON true
     WHERE s.ai_validated
  )`;

/** The AI Analytics tab from real data (spec part 2 shows placeholders; these are measured). */
@Injectable()
export class AdminAnalyticsQueries {
  constructor(private readonly dataSource: DataSource) {}

  async analytics() {
    const [[totals], [runs], [agreement], issues, bands, perCategory] = await Promise.all([
      this.dataSource.query(
        `SELECT count(*)::int AS submissions, count(*) FILTER (WHERE ai_validated)::int AS validated FROM submissions`),
      this.dataSource.query(
        `SELECT count(*)::int AS runs, coalesce(round(avg(duration_ms)), 0)::int AS "meanMs",
                coalesce(percentile_cont(0.95) WITHIN GROUP (ORDER BY duration_ms), 0)::int AS "p95Ms"
           FROM admin_ai_validations`),
      this.dataSource.query(`${EFFECTIVE}
        SELECT count(*)::int AS validated,
               count(*) FILTER (WHERE status <> 'pending' AND NOT auto_approved)::int AS "humanDecided",
               count(*) FILTER (WHERE status <> 'pending' AND NOT auto_approved AND approved = (status = 'approved'))::int AS agreed,
               count(*) FILTER (WHERE status = 'approved' AND NOT auto_approved AND approved)::int AS "bothApproved",
               count(*) FILTER (WHERE status = 'rejected' AND NOT approved)::int AS "bothRejected",
               count(*) FILTER (WHERE status = 'rejected' AND approved)::int AS "validatorApprovedHumanRejected",
               count(*) FILTER (WHERE status = 'approved' AND NOT auto_approved AND NOT approved)::int AS "validatorRejectedHumanApproved",
               count(*) FILTER (WHERE auto_approved)::int AS "autoApproved",
               count(*) FILTER (WHERE auto_eligible)::int AS eligible,
               count(*) FILTER (WHERE approved)::int AS recommended
          FROM effective`),
      this.dataSource.query(`${EFFECTIVE}
        SELECT signal, count(*)::int AS count FROM effective, unnest(signals) AS signal
         GROUP BY signal ORDER BY count DESC, signal LIMIT 10`),
      this.dataSource.query(`${EFFECTIVE}
        SELECT CASE WHEN confidence >= 0.9 THEN '90-100' WHEN confidence >= 0.7 THEN '70-89'
                    WHEN confidence >= 0.5 THEN '50-69' ELSE '0-49' END AS band, count(*)::int AS count
          FROM effective GROUP BY band`),
      this.dataSource.query(`${EFFECTIVE}
        SELECT category, count(*)::int AS validated,
               count(*) FILTER (WHERE approved)::int AS recommended,
               count(*) FILTER (WHERE status <> 'pending' AND NOT auto_approved)::int AS "humanDecided",
               count(*) FILTER (WHERE status <> 'pending' AND NOT auto_approved AND approved = (status = 'approved'))::int AS agreed,
               count(*) FILTER (WHERE auto_approved)::int AS "autoApproved",
               round(avg(confidence)::numeric, 3)::float AS "meanConfidence"
          FROM effective GROUP BY category ORDER BY validated DESC, category`),
    ]);
    const validated = agreement.validated as number;
    const bandOrder = ['90-100', '70-89', '50-69', '0-49'];
    return {
      totalValidations: {
        validatedSubmissions: totals.validated,
        totalSubmissions: totals.submissions,
        share: share(totals.validated, totals.submissions),
        runs: runs.runs,
      },
      /** Agreement of the validator's recommendation with the final human decision (automatic approvals excluded). */
      accuracy: {
        rate: share(agreement.agreed, agreement.humanDecided),
        agreed: agreement.agreed,
        decided: agreement.humanDecided,
        bothApproved: agreement.bothApproved,
        bothRejected: agreement.bothRejected,
        validatorApprovedHumanRejected: agreement.validatorApprovedHumanRejected,
        validatorRejectedHumanApproved: agreement.validatorRejectedHumanApproved,
      },
      averageValidationTimeMs: runs.meanMs,
      p95ValidationTimeMs: runs.p95Ms,
      autoApproval: {
        rate: share(agreement.autoApproved, validated),
        autoApproved: agreement.autoApproved,
        eligible: agreement.eligible,
        eligibleRate: share(agreement.eligible, validated),
        recommendedForApproval: agreement.recommended,
      },
      commonIssues: issues.map((r: { signal: string; count: number }) => ({
        code: r.signal, issue: SIGNAL_LABELS[r.signal] ?? r.signal, count: r.count, share: share(r.count, validated),
      })),
      confidenceBands: bandOrder.map((band) => {
        const count = bands.find((b: { band: string }) => b.band === band)?.count ?? 0;
        return { band, count, share: share(count, validated) };
      }),
      perCategory: perCategory.map((c: Record<string, number | string>) => ({
        category: c.category,
        validated: c.validated,
        recommendedForApproval: c.recommended,
        humanDecided: c.humanDecided,
        accuracy: share(c.agreed as number, c.humanDecided as number),
        autoApproved: c.autoApproved,
        autoApprovalRate: share(c.autoApproved as number, c.validated as number),
        meanConfidence: c.meanConfidence,
      })),
      recommendation: recommendation(validated, share(agreement.agreed, agreement.humanDecided), agreement),
    };
  }
}

function recommendation(validated: number, accuracy: number | null, a: Record<string, number>): string {
  if (validated === 0) return 'No submissions have been validated yet: run AI Analyze All to start measuring.';
  if (accuracy === null) return 'No validated submission has been decided by a reviewer yet, so accuracy cannot be measured.';
  if (a.validatorApprovedHumanRejected > a.validatorRejectedHumanApproved) {
    return `Reviewers rejected ${a.validatorApprovedHumanRejected} submissions the validator recommended: ` +
      'consider raising VALIDATOR_AUTO_APPROVE_MIN_CONFIDENCE before relying on auto-approval.';
  }
  if (a.validatorRejectedHumanApproved > 0) {
    return `Reviewers approved ${a.validatorRejectedHumanApproved} submissions the validator flagged: ` +
      'the flags are cautious; check the most common issues for checks that are too strict.';
  }
  return `The validator agreed with reviewers on every decided submission (${a.agreed} of ${a.humanDecided}).`;
}
