import { centToBaseUnits } from '@/lib/money';
import type { Task } from '@/types/api';

/** What a wallet needs to fund a task: the escrow's `fund` arguments and where to send them. */
export interface FundingTerms {
  status: 'awaiting_funding' | 'funded' | 'anomaly' | 'refunded';
  chainId: number;
  tokenAddress: string;
  escrowAddress: string;
  /** The only wallet whose funding counts (the creator's linked wallet); null when none is linked yet. */
  funder: string | null;
  args: { taskId: string; reward: string; maxCompletions: string; deadline: string };
  /** reward x maxCompletions, base units. */
  amount: string;
  anomalies: Array<{ kind: string; reason: string; txHash?: string; recovery?: string }>;
}

/**
 * THE one place that reads a task's funding terms. The agreed `funding` object (escrow v2) when the
 * backend sends it; otherwise the older flat fields (chainTaskId, escrowAmount, ...), from which the same
 * arguments follow: reward in base units, the deadline in whole seconds (as the backend derives it).
 * Null when the deployment has no token or escrow configured.
 */
export function fundingTerms(task: Task, creatorWallet: string | null): FundingTerms | null {
  if (task.funding) {
    const f = task.funding;
    return {
      status: f.status,
      chainId: f.chainId,
      tokenAddress: f.tokenAddress,
      escrowAddress: f.escrowAddress,
      funder: f.funder,
      args: { ...f.args },
      amount: f.amount,
      anomalies: f.anomalies ?? [],
    };
  }
  if (!task.tokenAddress || !task.escrowAddress || !task.chainTaskId || !task.escrowAmount || task.chainId === undefined) return null;
  const status = task.fundingStatus === 'funding_anomaly' ? 'anomaly' : (task.fundingStatus ?? 'awaiting_funding');
  return {
    status: status as FundingTerms['status'],
    chainId: task.chainId,
    tokenAddress: task.tokenAddress,
    escrowAddress: task.escrowAddress,
    funder: creatorWallet,
    args: {
      taskId: task.chainTaskId,
      reward: centToBaseUnits(task.reward).toString(),
      maxCompletions: String(task.maxCompletions),
      deadline: String(Math.floor(new Date(task.deadline).getTime() / 1000)),
    },
    amount: task.escrowAmount,
    anomalies: [],
  };
}
