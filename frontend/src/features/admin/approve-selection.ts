import type { AdminSubmissionRow } from './types';

/** The AI's risk level as the results panel shows it: low, medium, anything else high (spec part 2). */
export const riskLevel = (r: string): 'low' | 'medium' | 'high' => (r === 'low' || r === 'medium' ? r : 'high');

/**
 * Why a pending submission is left out of "Manual Approve All" unless the admin includes it: the AI recommended
 * rejecting it, or rated it high risk. `null` = nothing against it (including "not analysed yet").
 */
export function cautionOf(row: Pick<AdminSubmissionRow, 'aiValidation'>): 'ai-rejected' | 'high-risk' | null {
  const v = row.aiValidation;
  if (!v) return null;
  if (!v.approved) return 'ai-rejected';
  return riskLevel(v.riskLevel) === 'high' ? 'high-risk' : null;
}

/** The rows picked by default: every pending one without a caution, plus the cautioned ones when included. */
export function defaultPick(rows: AdminSubmissionRow[], includeCautioned: boolean): Set<number> {
  return new Set(rows.filter((r) => includeCautioned || cautionOf(r) === null).map((r) => r.id));
}

/** Count and total CENT released by approving the picked rows (whole CENT, integer sums). */
export function pickedTotals(rows: AdminSubmissionRow[], picked: ReadonlySet<number>): { count: number; totalCent: bigint } {
  let count = 0;
  let totalCent = 0n;
  for (const r of rows) {
    if (!picked.has(r.id)) continue;
    count++;
    totalCent += BigInt(r.taskReward);
  }
  return { count, totalCent };
}
