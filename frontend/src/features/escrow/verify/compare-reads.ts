import { formatBaseUnits } from '@/lib/money';
import type { EscrowAppClaims } from '@/types/escrow';
import type { BrowserReads } from './escrow-reads';

/** What the app says about this escrow: its records (API) and the terms it asked the creator to fund. */
export interface AppClaims {
  app: Pick<EscrowAppClaims, 'fundingStatus' | 'escrowAmount' | 'releasedAmount' | 'refundedAmount' | 'paidCount'>;
  /** The task's funding terms (task JSON `funding`): null when the app has none. */
  terms: { funder: string | null; reward: string; maxCompletions: string; deadline: string } | null;
}

export interface FigureRow {
  figure: string;
  /** The read call that gives the browser's figure. */
  call: string;
  browser: string;
  api: string;
  match: boolean;
}

const cent = (v: bigint) => `${formatBaseUnits(v)} CENT`;

/**
 * Each figure the browser read from the chain next to the app's claim for it, and whether they agree. Amounts
 * compare as bigint base units, addresses case-insensitively, nothing as a float.
 */
export function compareReads(reads: BrowserReads, claims: AppClaims): FigureRow[] {
  const { app, terms } = claims;
  const sum = (type: BrowserReads['logs'][number]['type']) => reads.logs.filter((l) => l.type === type).reduce((s, l) => s + l.amount, 0n);
  const claimedRemaining = BigInt(app.escrowAmount) - BigInt(app.releasedAmount) - BigInt(app.refundedAmount);
  const e = reads.escrow;
  const rows: FigureRow[] = [];
  const amount = (figure: string, call: string, browser: bigint, api: bigint) => rows.push({ figure, call, browser: cent(browser), api: cent(api), match: browser === api });
  const term = (figure: string, call: string, browser: bigint, api: string | undefined, show = (v: string) => v) =>
    rows.push({ figure, call, browser: show(browser.toString()), api: api === undefined ? '—' : show(api), match: api !== undefined && BigInt(api) === browser });

  rows.push({
    figure: 'Funder', call: 'getEscrow(key).funder', browser: e.funder, api: terms?.funder ?? '—',
    match: !!terms?.funder && terms.funder.toLowerCase() === e.funder.toLowerCase(),
  });
  term('Reward per payout', 'getEscrow(key).reward', e.reward, terms?.reward, (v) => cent(BigInt(v)));
  term('Max completions', 'getEscrow(key).maxCompletions', e.maxCompletions, terms?.maxCompletions);
  term('Deadline (unix seconds)', 'getEscrow(key).deadline', e.deadline, terms?.deadline);
  rows.push({ figure: 'Payouts made', call: 'getEscrow(key).paidCount', browser: e.paidCount.toString(), api: String(app.paidCount), match: e.paidCount === BigInt(app.paidCount) });
  rows.push({
    figure: 'Refunded', call: 'getEscrow(key).refunded', browser: e.refunded ? 'yes' : 'no', api: app.fundingStatus === 'refunded' ? 'yes' : 'no',
    match: e.refunded === (app.fundingStatus === 'refunded'),
  });
  amount('Remaining', 'getEscrow(key).remaining', e.remaining, claimedRemaining);
  amount('Remaining', 'remainingOf(key)', reads.remainingOf, claimedRemaining);
  amount('Funded', 'TaskFunded logs with topic key', sum('TaskFunded'), BigInt(app.escrowAmount));
  amount('Released', 'RewardReleased logs with topic key', sum('RewardReleased'), BigInt(app.releasedAmount));
  amount('Refunded', 'TaskRefunded logs with topic key', sum('TaskRefunded'), BigInt(app.refundedAmount));
  return rows;
}
