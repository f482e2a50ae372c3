import { Injectable } from '@nestjs/common';
import { StoredEvent } from '../event-store/stored-event';
import { ReadModelProjection } from '../projections/projection';
import { Row, RowProjection } from '../projections/row-projection';
import { TaskEvents as T } from '../tasks/domain/task.events';

/** The `submissions` read table, including review fields, AI validation and payout progress. */
@Injectable()
@ReadModelProjection()
export class SubmissionsProjection extends RowProjection {
  readonly name = 'submissions';
  readonly table = 'submissions';

  protected keysOf(e: StoredEvent): number[] {
    return e.type in T && typeof e.data.submissionId === 'number' ? [e.data.submissionId] : [];
  }

  protected override creates(e: StoredEvent): boolean {
    return e.type === T.SubmissionSubmitted;
  }

  /** What each event sets on the row whatever it holds (its fold: the row with these); the payout's progress is not one. */
  protected override patchOf(e: StoredEvent): Row | null {
    const d = e.data;
    const at = e.createdAt.toISOString();
    switch (e.type) {
      case T.SubmissionAiValidated:
        return { updated_at: at, ai_validated: true, ai_validation: d.result };
      case T.SubmissionApproved:
        return { updated_at: at, status: 'approved', reviewed_by: d.reviewerId, review_notes: d.feedback, reviewed_at: d.reviewedAt };
      case T.SubmissionRejected:
        return { updated_at: at, status: 'rejected', reviewed_by: d.reviewerId, review_notes: d.feedback, reviewed_at: d.reviewedAt };
      // Revise and resubmit, appeals (issue 22): the row shows the current proof, state and last word.
      case T.SubmissionChangesRequested:
        return { updated_at: at, status: 'changes_requested', reviewed_by: d.reviewerId, review_notes: d.feedback, reviewed_at: d.requestedAt };
      case T.SubmissionResubmitted:
        return { updated_at: at, status: 'pending', proof_link: d.proofLink, proof_text: d.proofText, proof_file_url: d.proofFileUrl, notes: d.notes };
      case T.SubmissionAppealed:
        return { updated_at: at, status: 'appealed' };
      case T.SubmissionAppealUpheld:
        return { updated_at: at, status: 'rejected', reviewed_by: d.adminId, review_notes: d.reason, reviewed_at: d.decidedAt };
      case T.PayoutRequested:
        return { updated_at: at, payout_status: 'requested', payout_recipient: d.recipient, payout_error: null };
      case T.RewardReleased:
        return { updated_at: at, payout_status: 'released', payout_error: null, transaction_hash: d.txHash, payout_tx_hash: d.txHash, payout_block_number: d.blockNumber };
      case T.RewardReleaseReverted:
        return { updated_at: at, payout_status: 'requested', transaction_hash: null, payout_block_number: null };
      default:
        return null;
    }
  }

  protected fold(row: Row | undefined, e: StoredEvent): Row | undefined {
    const d = e.data;
    const at = e.createdAt.toISOString();
    if (e.type === T.SubmissionSubmitted) {
      return {
        id: d.submissionId,
        task_id: d.taskId,
        user_id: d.userId,
        proof_link: d.proofLink,
        proof_text: d.proofText,
        proof_file_url: d.proofFileUrl,
        notes: d.notes,
        status: 'pending',
        reviewed_by: null,
        review_notes: null,
        reviewed_at: null,
        payout_status: null,
        payout_recipient: null,
        payout_error: null,
        payout_tx_hash: null,
        payout_block_number: null,
        transaction_hash: null,
        ai_validated: false,
        ai_validation: null,
        created_at: d.createdAt,
        updated_at: at,
      };
    }
    if (!row) return undefined;
    const patch = this.patchOf(e);
    if (patch) return { ...row, ...patch };
    switch (e.type) {
      case T.PayoutSent:
        return row.payout_status === 'released' ? row : { ...row, updated_at: at, payout_status: 'sent', payout_tx_hash: d.txHash };
      case T.PayoutFailed:
        return row.payout_status === 'released' ? row : { ...row, updated_at: at, payout_status: 'failed', payout_error: d.reason };
      default:
        return row;
    }
  }
}
