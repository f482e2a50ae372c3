export type CardState =
  | { kind: 'completed'; label: 'COMPLETED' }
  | { kind: 'full'; label: string }
  | { kind: 'almost-full'; label: 'Almost Full' }
  | { kind: 'open'; label: string; slotsLeft: number };

type Counts = { completions: number; totalSubmissions: number; maxCompletions: number };

/** Spec part 1 §4 "Task card display", first match wins. */
export function cardState({ completions, totalSubmissions, maxCompletions }: Counts): CardState {
  if (completions >= maxCompletions) return { kind: 'completed', label: 'COMPLETED' };
  if (totalSubmissions >= maxCompletions) return { kind: 'full', label: `Full (${totalSubmissions}/${maxCompletions})` };
  // Approved share >= 80 %, compared in integers: completions / max >= 4 / 5.
  if (completions * 5 >= maxCompletions * 4) return { kind: 'almost-full', label: 'Almost Full' };
  const slotsLeft = maxCompletions - totalSubmissions;
  return { kind: 'open', label: `${slotsLeft} ${slotsLeft === 1 ? 'slot' : 'slots'} remaining`, slotsLeft };
}

/** Approved completions against the maximum, in percent, capped at 100. */
export function progressPercent({ completions, maxCompletions }: Pick<Counts, 'completions' | 'maxCompletions'>): number {
  if (maxCompletions <= 0) return 0;
  return Math.min(100, Math.round((completions * 100) / maxCompletions));
}

export function isTaskFull(t: Pick<Counts, 'totalSubmissions' | 'maxCompletions'>): boolean {
  return t.totalSubmissions >= t.maxCompletions;
}
