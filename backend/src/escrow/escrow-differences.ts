import { centToBaseUnits } from '../common/money';
import { deadlineSeconds } from '../tasks/domain/task-escrow-terms';

/** What the contract says about a task's escrow key (TaskEscrow.getEscrow). */
export interface ChainEscrow {
  funded: boolean;
  paidCount: number;
  remaining: bigint | string;
  refunded: boolean;
  /** The escrow's funder and terms (getEscrow), compared with the task's when both sides say funded. */
  terms?: EscrowTermsClaim | null;
}

/** Funder and terms of an escrow: base units, a count, unix seconds (decimal strings). */
export interface EscrowTermsClaim {
  funder: string | null;
  reward: string;
  maxCompletions: string;
  deadline: string;
}

/** What the read models claim about the same task. */
export interface AppEscrowClaim {
  fundingStatus: string;
  escrowAmount: string;
  releasedAmount: string;
  paidCount: number;
  /** Unresolved funding and payout anomalies (tasks.anomalies): each is a difference of its own. */
  anomalies: Array<{ kind: string; reason: string; txHash: string }>;
  /** The task's terms and the funder the app accepted (the creator's linked wallet). */
  terms?: EscrowTermsClaim | null;
  /** Approved submissions the app does not show as paid (released): a difference once the escrow is refunded. */
  unpaidApproved?: number[];
}

/** The funder and terms the app accepted for a `tasks` row (reward in whole CENT, deadline a timestamp). */
export function appTerms(row: { funder: string | null; reward: number | string; max_completions: number | string; deadline: Date | string }): EscrowTermsClaim {
  return {
    funder: row.funder,
    reward: centToBaseUnits(Number(row.reward)).toString(),
    maxCompletions: String(row.max_completions),
    deadline: deadlineSeconds(row.deadline).toString(),
  };
}

/** The anomalies of a `tasks.anomalies` column that still count (a stray escrow refunded by its funder is recovered). */
export function openAnomalies(stored: Array<{ kind: string; reason: string; txHash: string; resolved?: boolean }> | null): AppEscrowClaim['anomalies'] {
  return (stored ?? []).filter((a) => !a.resolved).map((a) => ({ kind: a.kind, reason: a.reason, txHash: a.txHash }));
}

/**
 * A stranger's escrow: a funding of the task id from another wallet than the creator's, on a task the app
 * counts as funded (or refunded). Anyone can create one for any id at the cost of 1 base unit and gas, so it
 * says nothing about the task: it is information for admins (counted, capped), never a difference and never
 * shown to the creator. Before the task is funded the same funding is an anomaly the creator sees (they may
 * have funded from a wallet that is not their linked one).
 */
export function isStrangerEscrow(anomaly: { kind: string }, fundingStatus: string): boolean {
  if (anomaly.kind === 'stranger_escrow') return true; // recorded while the task was funded already
  return anomaly.kind === 'foreign_funder' && (fundingStatus === 'funded' || fundingStatus === 'refunded');
}

/** Kinds of funding anomalies anyone can create in any number (another wallet funding the id): stored capped. */
export const STRANGER_KINDS: readonly string[] = ['foreign_funder', 'stranger_escrow'];

/** Base units the app believes are still escrowed, or null when it does not consider the task funded. */
export function appRemaining(app: AppEscrowClaim): bigint | null {
  if (app.fundingStatus === 'refunded') return 0n;
  if (app.fundingStatus !== 'funded') return null;
  return BigInt(app.escrowAmount) - BigInt(app.releasedAmount);
}

/**
 * Every way the app's claim differs from the contract (empty: they agree). The one definition of
 * "consistent" for the escrow view (GET /api/tasks/:id/escrow) and `npm run audit`.
 */
export function escrowDifferences(chain: ChainEscrow, app: AppEscrowClaim): string[] {
  const out: string[] = [];
  const appFunded = app.fundingStatus === 'funded' || app.fundingStatus === 'refunded';
  const appRefunded = app.fundingStatus === 'refunded';
  for (const a of app.anomalies) if (!isStrangerEscrow(a, app.fundingStatus)) out.push(`anomaly ${a.kind}: ${a.reason} (${a.txHash})`);
  // A stray escrow of the task id (its anomaly is listed above) is not the task's escrow.
  if (chain.funded !== appFunded && !(app.fundingStatus === 'anomaly' && app.anomalies.length)) {
    out.push(`funded: chain ${chain.funded}, app ${app.fundingStatus}`);
  }
  if (chain.paidCount !== app.paidCount) out.push(`paid count: chain ${chain.paidCount}, app ${app.paidCount}`);
  const remaining = appRemaining(app);
  if (chain.funded && remaining !== null && BigInt(chain.remaining) !== remaining) {
    out.push(`remaining: chain ${chain.remaining}, app ${remaining}`);
  }
  if (chain.refunded !== appRefunded) out.push(`refunded: chain ${chain.refunded}, app ${appRefunded}`);
  // Approved work the escrow can no longer pay: the creator took the money back first (issue 19 item 3).
  if (chain.refunded || appRefunded) {
    for (const id of app.unpaidApproved ?? []) out.push(`submission ${id} was approved but never paid, and the escrow was refunded`);
  }
  if (chain.funded && appFunded && chain.terms && app.terms) {
    for (const field of ['funder', 'reward', 'maxCompletions', 'deadline'] as const) {
      const [c, a] = [chain.terms[field], app.terms[field]];
      if ((c ?? '').toLowerCase() !== (a ?? '').toLowerCase()) out.push(`${field}: chain ${c}, app ${a}`);
    }
  }
  return out;
}

/** One RewardReleased log as the chain shows it. */
export interface ChainRelease {
  submissionId: string;
  /** The escrow key it was paid from (null for v1 logs). */
  key: string | null;
  recipient: string;
  amount: bigint | string;
  txHash: string;
}

/** What the app claims about that submission (null: the app has no such submission). */
export interface AppPayoutClaim {
  taskId: number;
  status: string;
  payoutStatus: string | null;
  transactionHash: string | null;
  /** The wallet its payout was requested for. */
  recipient: string | null;
  /** The task's reward in base units and the key of its funded escrow. */
  reward: string;
  escrowKey: string | null;
}

const eq = (a: string | null | undefined, b: string | null | undefined) => (a ?? '').toLowerCase() === (b ?? '').toLowerCase();

/**
 * Every way an on-chain release differs from the payout the app decided (empty: it is that payout): the
 * submission exists and is approved, the release came from the task's escrow, paid the requested wallet
 * exactly the reward, and the app records it as released by this transaction. With escrowDifferences the
 * one rule of `npm run audit` and GET /api/tasks/:id/escrow.
 */
export function releaseDifferences(log: ChainRelease, app: AppPayoutClaim | null): string[] {
  if (!app) return ['no such submission in the app'];
  const out: string[] = [];
  if (log.key !== null && !eq(log.key, app.escrowKey)) out.push(`paid from escrow ${log.key}, not the task's escrow ${app.escrowKey ?? '(none)'}`);
  if (app.status !== 'approved') out.push(`the submission is ${app.status}, not approved`);
  if (!eq(log.recipient, app.recipient)) out.push(`paid to ${log.recipient}, the payout was requested for ${app.recipient ?? 'no wallet'}`);
  if (BigInt(log.amount) !== BigInt(app.reward)) out.push(`paid ${log.amount} base units, the reward is ${app.reward}`);
  if (app.payoutStatus !== 'released' || !eq(app.transactionHash, log.txHash)) {
    out.push(`the app shows payout ${app.payoutStatus ?? 'none'}${app.transactionHash ? ` ${app.transactionHash}` : ''}`);
  }
  return out;
}
