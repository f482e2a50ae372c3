/**
 * A creator's record (issue 22), as the backend computes it from the event store (creator-records projection):
 * the short line every task carries, the full figures of GET /api/users/:id/record, and their words. One home
 * for how a record reads, shared by the task card, the task detail, the profile and the review dialog.
 */
import type { components } from '@/types/api.generated';

type Schemas = components['schemas'];

/** The short form on every task of the list (null: a new creator, nothing reviewed yet). */
export type CreatorRecordLine = Schemas['CreatorRecordLine'];
/** The full figures of GET /api/users/:id/record (centPaid: whole CENT; centPaidBaseUnits: base units). */
export type CreatorRecord = Schemas['CreatorRecordView'];
/** earned: whole CENT released on chain. */
export type EarnerRecord = Schemas['EarnerRecordView'];
export type UserRecords = Schemas['UserRecords'];

export const NEW_CREATOR = 'New creator';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** "~40 min", "~6 h", "~3 d": a median is a rough promise, so whole units, never less than 1. */
export function approxDuration(ms: number): string {
  if (ms < HOUR) return `~${Math.max(1, Math.round(ms / MINUTE))} min`;
  if (ms < 48 * HOUR) return `~${Math.round(ms / HOUR)} h`;
  return `~${Math.round(ms / (24 * HOUR))} d`;
}

/** A share in whole percent ("92 %"), or null when there is nothing to divide by. */
export function percent(part: number, whole: number): string | null {
  return whole > 0 ? `${Math.round((part / whole) * 100)} %` : null;
}

/** The card's line: "Reviews in ~6 h · 92 % approved", or "New creator" without history. */
export function recordLine(line: CreatorRecordLine | null | undefined): string {
  if (!line || line.reviewed === 0) return NEW_CREATOR;
  const parts = [];
  if (line.medianReviewMs !== null) parts.push(`Reviews in ${approxDuration(line.medianReviewMs)}`);
  parts.push(`${percent(line.approved, line.reviewed)} approved`);
  return parts.join(' · ');
}

/** The full record's short line (the same words as the card's). */
export const fullRecordLine = (r: CreatorRecord): string =>
  recordLine({ reviewed: r.submissionsReviewed, approved: r.approved, medianReviewMs: r.medianReviewMs });
