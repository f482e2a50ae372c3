/** What the contract says about a task's escrow key (TaskEscrow.getEscrow). */
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
  fundingAnomaly: string | null;
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
  if (chain.funded !== appFunded) {
    out.push(
      app.fundingStatus === 'funding_anomaly'
        ? `funding anomaly: ${app.fundingAnomaly ?? 'see the task'}`
        : `funded: chain ${chain.funded}, app ${app.fundingStatus}`,
    );
  }
  if (chain.paidCount !== app.paidCount) out.push(`paid count: chain ${chain.paidCount}, app ${app.paidCount}`);
  const remaining = appRemaining(app);
  if (chain.funded && remaining !== null && BigInt(chain.remaining) !== remaining) {
    out.push(`remaining: chain ${chain.remaining}, app ${remaining}`);
  }
  if (chain.refunded !== appRefunded) out.push(`refunded: chain ${chain.refunded}, app ${appRefunded}`);
  return out;
}
