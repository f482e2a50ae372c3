import type { Submission } from '@/types/api';

/** Spec §5: a proof file shows as an image when its address ends in jpeg, jpg, gif or png (any case). */
export function isImageUrl(url: string): boolean {
  return /\.(jpe?g|gif|png)$/i.test(url.split(/[?#]/, 1)[0]);
}

/** The proof-type badges the spec shows (Link, Text, File), in that order. */
export function proofBadges(s: Pick<Submission, 'proofLink' | 'proofText' | 'proofFileUrl'>): Array<'Link' | 'Text' | 'File'> {
  const badges: Array<'Link' | 'Text' | 'File'> = [];
  if (s.proofLink) badges.push('Link');
  if (s.proofText) badges.push('Text');
  if (s.proofFileUrl) badges.push('File');
  return badges;
}

/** "Reload Image" retries the address with a timestamp appended (so no cache answers it). */
export function withRetryStamp(url: string, now: number): string {
  const bare = url.replace(/([?&])t=\d+(&|$)/, (_m, sep: string, tail: string) => (tail ? sep : ''));
  return `${bare}${bare.includes('?') ? '&' : '?'}t=${now}`;
}
