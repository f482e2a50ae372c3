import type { BulkApproveResponse, BulkValidateResponse } from './types';

/** Spec §7: "{processed} submissions approved, {skipped} skipped" (+ ", {n} errors", destructive when errors). */
export function bulkApproveText(r: BulkApproveResponse): { text: string; destructive: boolean } {
  const base = `${r.processed} submissions approved, ${r.skipped} skipped`;
  return r.errors.length > 0 ? { text: `${base}, ${r.errors.length} errors`, destructive: true } : { text: base, destructive: false };
}

/** Spec §7: "{total} submissions analyzed: {approved} recommended for approval, {rejected} rejected" + the auto-approval note. */
export function bulkValidateText(r: BulkValidateResponse, autoApprove: boolean): string {
  const base = `${r.summary.total} submissions analyzed: ${r.summary.approved} recommended for approval, ${r.summary.rejected} rejected`;
  if (!autoApprove) return `${base}. ${r.summary.autoApprovalEligible} eligible for auto-approval.`;
  return `${base}. ${r.autoApproval.summary}`;
}

/** A share (0..1, or null when nothing was measured) as text: "42.5%" or "not measured yet". */
export function shareText(share: number | null | undefined): string {
  if (share == null) return 'not measured yet';
  return `${Math.round(share * 1000) / 10}%`;
}
