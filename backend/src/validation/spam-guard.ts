import { ValidationOutcome } from './validation.types';

/** Signals (heuristic-scorer.ts codes) that mean the proof may not be this earner's own work. */
const DUPLICATE = ['duplicate_text', 'reused_text', 'duplicate_link', 'reused_link', 'duplicate_image', 'similar_image', 'reused_image'];
const SYBIL = ['sybil_cluster'];

/** Which of the spam guard's reasons a signal code is, or null when the guard does not read it. */
export function spamSignalKind(code: string): 'duplicate proof' | 'sybil signals' | null {
  return DUPLICATE.includes(code) ? 'duplicate proof' : SYBIL.includes(code) ? 'sybil signals' : null;
}

/**
 * The spam guard (issue 22): a submission is never approved automatically when the validator finds duplicate
 * proof, sybil signals or a high risk; admins decide it instead. Returns the reason in plain words, or null.
 * The thresholds behind these signals are the validator's (VALIDATOR_*, validation.thresholds.ts).
 */
export function spamFlagOf(outcome: ValidationOutcome): string | null {
  const reasons: string[] = [];
  for (const kind of ['duplicate proof', 'sybil signals'] as const) if (outcome.signals.some((s) => spamSignalKind(s) === kind)) reasons.push(kind);
  if (outcome.result.riskLevel === 'high') reasons.push('high risk');
  if (!reasons.length) return null;
  const first = outcome.result.issues[0];
  return `${reasons.join(', ')}${first ? `: ${first}` : ''}`.slice(0, 500);
}
