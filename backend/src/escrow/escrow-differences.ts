/** What the contract says about one task id (TaskEscrow.getTask). */
export interface ChainEscrow {
  funded: boolean;
  paidCount: number;
  remaining: bigint | string;
  refunded: boolean;
}

/** What the read models claim about the same task. */
export interface AppEscrowClaim {
  fundingStatus: string;
  escrowAmount: string;
  releasedAmount: string;
  paidCount: number;
  /** Unresolved funding and payout anomalies (tasks.anomalies): each is a difference of its own. */
  anomalies: Array<{ kind: string; reason: string; txHash: string }>;
}

/** The anomalies of a `tasks.anomalies` column that still count (a stray escrow refunded by its funder is recovered). */
export function openAnomalies(stored: Array<{ kind: string; reason: string; txHash: string; resolved?: boolean }> | null): AppEscrowClaim['anomalies'] {
  return (stored ?? []).filter((a) => !a.resolved).map((a) => ({ kind: a.kind, reason: a.reason, txHash: a.txHash }));
}

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
  for (const a of app.anomalies) out.push(`anomaly ${a.kind}: ${a.reason} (${a.txHash})`);
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
  return out;
}
