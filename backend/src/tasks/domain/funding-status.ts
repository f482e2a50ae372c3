import { FundingStatus } from './task.constants';

/**
 * What a task's funding status is decided from: the task's own escrow and the stray escrows of its id that
 * the creator still has to recover. The aggregate (task-escrow.ts) and the `tasks` read table
 * (tasks.projection.ts) both derive the status with `fundingStatusOf`, each from its own record of these facts.
 */
export interface EscrowFacts {
  /** A funding with the creator's wallet and the task's exact terms counted (and was not dropped by a reorganisation). */
  readonly funded: boolean;
  /** The task's own escrow was refunded by its funder. */
  readonly refunded: boolean;
  /**
   * Stray escrows (another wallet, other terms, a second escrow) not refunded yet, except strangers' escrows
   * recorded while the task counted as funded: those stay information for admins even if that funding is
   * later dropped by a reorganisation (DESIGN.md, "One bad input never stops the product").
   */
  readonly openStrays: number;
}

/**
 * The one rule: refunded beats funded beats an open stray. A stray escrow refunded by its funder is
 * recovered, so a task whose strays are all refunded awaits its funding again (the creator can still fund it
 * correctly: DESIGN.md, "Nobody can occupy or mis-specify another creator's task").
 */
export function fundingStatusOf(f: EscrowFacts): FundingStatus {
  if (f.refunded) return 'refunded';
  if (f.funded) return 'funded';
  return f.openStrays > 0 ? 'anomaly' : 'awaiting_funding';
}
