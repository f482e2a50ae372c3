/**
 * "Manual Approve All": approve pending submissions one by one through the normal approval. Without ids,
 * all pending submissions (oldest first, at most ADMIN_BULK_LIMIT); with ids, those (in the given order).
 */
export class BulkApproveCommand {
  constructor(readonly admin: { id: number; isAdmin: boolean }, readonly submissionIds?: number[]) {}
}

/** Spec part 2 §3 "Bulk approve response". */
export interface BulkApproveResponse {
  /** Approved by this run. */
  processed: number;
  /** Named in `submissionIds` but not pending any more (already approved or rejected). */
  skipped: number;
  /** Refused by a domain rule (task full, own submission, refunded escrow, unknown id, ...); the run went on. */
  errors: Array<{ submissionId: number; message: string }>;
}
