/** Shared by the refund card and the review-deadline badges (features never import each other). */
/** Time left until `target` as "2d 3h 4m" (minutes rounded up), or null once it has passed. */
export function countdown(target: Date, now: Date): string | null {
  const ms = target.getTime() - now.getTime();
  if (!(ms > 0)) return null;
  const minutes = Math.ceil(ms / 60_000);
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  return [d && `${d}d`, (d || h) && `${h}h`, `${m}m`].filter(Boolean).join(' ');
}
