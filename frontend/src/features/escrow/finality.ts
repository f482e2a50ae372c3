/**
 * The one wording of finality on the escrow pages: a chain fact is "final after N confirmations" (the app's
 * CONFIRMATIONS setting, the indexer's depth). Everything that speaks of finality here says it this way.
 */
export function finalAfter(required: number): string {
  return `final after ${required} confirmation${required === 1 ? '' : 's'}`;
}

/** An event's state in those words: "Final (k confirmations)" or "k of N confirmations, final after N confirmations". */
export function eventFinality(confirmations: number, required: number, final: boolean): string {
  const seen = `${confirmations} confirmation${confirmations === 1 ? '' : 's'}`;
  return final ? `Final (${seen})` : `${seen}, ${finalAfter(required)}`;
}
