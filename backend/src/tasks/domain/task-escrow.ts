import { conflict } from '../../common/domain-error';
import { escrowKey } from './escrow-key';
import { chainFactKey } from '../../event-store/stored-event';
import { FundingStatus } from './task.constants';
import { EscrowFacts, fundingStatusOf } from './funding-status';
import { taskEscrowTerms } from './task-escrow-terms';
import * as E from './task.events';
import { FundedLog, RefundedLog } from './escrow-log';
import type { StoredFundingTermsData, StoredTaskFundedData, StoredTaskFundingAnomalyData } from './task-event-upcaster';
import { EscrowState, EvolverTable, Raised, StrayEscrow, TaskState, sameHex, withEscrow } from './task.state';

const T = E.TaskEvents;

/**
 * The task's escrow as the chain shows it, believed only where it matches what the app decided: a funding
 * counts when its funder is the creator's linked wallet and its reward, max completions, deadline and
 * amount are the task's; any other funding of the task id is a stray escrow (an anomaly with its recovery),
 * which leaves the creator free to fund correctly.
 */
export function escrowFactsOf(e: Pick<EscrowState, 'fundedTxHash' | 'refundTxHash' | 'strays'>): EscrowFacts {
  return {
    funded: !!e.fundedTxHash,
    refunded: !!e.refundTxHash,
    // Strangers' escrows recorded beside a funded task stay information if that funding is later dropped (reorg).
    openStrays: e.strays.filter((x) => !x.refunded && !x.stranger).length,
  };
}

const statusOf = (e: Pick<EscrowState, 'fundedTxHash' | 'refundTxHash' | 'strays'>): FundingStatus => fundingStatusOf(escrowFactsOf(e));

const settle = (s: TaskState, patch: Partial<EscrowState>): TaskState => {
  const next = withEscrow(s, patch);
  return withEscrow(next, { status: statusOf(next.escrow) });
};

const mapStrays = (s: TaskState, match: (x: StrayEscrow) => boolean, patch: Partial<StrayEscrow>) =>
  s.escrow.strays.map((x) => (match(x) ? { ...x, ...patch } : x));

export const escrowEvolvers = {
  // A stray escrow accepted later (its creator linked the funding wallet: task-funding-recheck.ts) stops being a stray.
  [T.TaskFunded]: (s, d) =>
    settle(s, { key: d.key, funder: d.funder, fundedTxHash: d.txHash, strays: s.escrow.strays.filter((x) => !(sameHex(x.txHash, d.txHash) && x.logIndex === d.logIndex)) }),
  [T.TaskFundingAnomalyDetected]: (s, d) =>
    settle(s, {
      strays: [...s.escrow.strays, {
        key: d.key, txHash: d.txHash, logIndex: d.logIndex, refunded: false, refundTxHash: null, stranger: d.kind === 'stranger_escrow',
      }],
    }),
  [T.TaskFundingReverted]: (s, d) =>
    d.target === 'anomaly'
      ? settle(s, { strays: s.escrow.strays.filter((x) => !(sameHex(x.txHash, d.txHash) && x.logIndex === d.logIndex)) })
      : settle(s, { key: null, funder: null, fundedTxHash: null }),
  [T.TaskRefunded]: (s, d) => settle(s, { refundTxHash: d.txHash }),
  [T.StrayEscrowRefunded]: (s, d) =>
    settle(s, { strays: mapStrays(s, (x) => sameHex(x.key, d.key), { refunded: true, refundTxHash: d.txHash }) }),
  [T.TaskRefundReverted]: (s, d) =>
    d.target === 'anomaly'
      ? settle(s, { strays: mapStrays(s, (x) => sameHex(x.refundTxHash, d.txHash), { refunded: false, refundTxHash: null }) })
      : settle(s, { refundTxHash: null }),
} satisfies EvolverTable;

/** A unix time as an ISO date (or as a number when no date can show it: a log can carry any uint64). */
function when(unixSeconds: bigint): string {
  return unixSeconds <= 8_640_000_000_000n ? new Date(Number(unixSeconds) * 1000).toISOString() : `unix time ${unixSeconds}`;
}

const factKey = (f: E.ChainFact) => chainFactKey(f.chainId, f.txHash, f.logIndex, f.blockHash);

export function decideFunding(s: TaskState, taskId: number, funding: FundedLog, creatorWallet: string | null): Raised[] {
  const log = { ...funding, maxCompletions: BigInt(funding.maxCompletions), deadline: BigInt(funding.deadline) };
  const expected = taskEscrowTerms(taskId, s.reward, s.maxCompletions, s.deadline);
  const problems: string[] = [];
  const foreign = !sameHex(log.funder, creatorWallet);
  if (foreign) {
    problems.push(creatorWallet
      ? `funded by ${log.funder}, not by the creator's linked wallet ${creatorWallet}`
      : `funded by ${log.funder}, but the creator has no linked wallet`);
  }
  if (log.reward !== expected.reward) problems.push(`reward per payout ${log.reward} base units instead of ${expected.reward}`);
  if (log.maxCompletions !== expected.maxCompletions) problems.push(`max completions ${log.maxCompletions} instead of ${expected.maxCompletions}`);
  if (log.deadline !== expected.deadline) problems.push(`deadline ${when(log.deadline)} instead of ${when(expected.deadline)}`);
  if (log.amount !== BigInt(s.escrowAmount)) problems.push(`escrowed ${log.amount} base units instead of ${s.escrowAmount}`);
  if (log.key !== null) {
    const derived = escrowKey(log.funder, { taskId, reward: log.reward, maxCompletions: log.maxCompletions, deadline: log.deadline });
    if (!sameHex(derived, log.key)) problems.push(`its key ${log.key} is not escrowKey(funder, terms) ${derived}`);
  }
  const duplicate = problems.length === 0 && s.escrow.status !== 'awaiting_funding' && s.escrow.status !== 'anomaly';
  if (duplicate) problems.push(`the task is already ${s.escrow.status} by escrow ${s.escrow.key ?? s.escrow.fundedTxHash}`);

  const terms: StoredFundingTermsData = {
    ...(log.key !== null ? { key: log.key } : {}),
    funder: log.funder,
    reward: log.reward.toString(),
    maxCompletions: log.maxCompletions.toString(),
    deadline: log.deadline.toString(),
    amount: log.amount.toString(),
  };
  if (!problems.length) {
    const data: StoredTaskFundedData = { ...log.fact, taskId, ...terms };
    return [{ type: T.TaskFunded, data, idempotencyKey: factKey(log.fact) }];
  }
  const refundableAt = when(log.deadline + BigInt(s.reviewWindowSeconds) + 1n);
  const fundFrom = creatorWallet ? `your linked wallet ${creatorWallet}` : 'a wallet linked to your account';
  // A stranger's escrow beside a funded task changes nothing for the task: for admins, never the creator's worry.
  const settled = s.escrow.status === 'funded' || s.escrow.status === 'refunded';
  const kind: E.FundingAnomalyKind = foreign ? (settled ? 'stranger_escrow' : 'foreign_funder') : duplicate ? 'duplicate_funding' : 'wrong_terms';
  const recovery = {
    stranger_escrow:
      `Nothing to do for the task: it is funded by its own escrow. Only the wallet that funded this one (${log.funder}) can refund it, after ${refundableAt}.`,
    foreign_funder:
      `Only the wallet that funded it (${log.funder}) can refund that escrow, after ${refundableAt}. ` +
      `To fund this task, call fund from ${fundFrom} with the exact arguments shown.`,
    wrong_terms:
      `Refund that escrow from the wallet that funded it (${log.funder}) after ${refundableAt}, ` +
      'then fund again with the exact arguments shown.',
    duplicate_funding:
      `The task is funded already. Refund this second escrow from the wallet that funded it (${log.funder}) after ${refundableAt}.`,
  }[kind];
  const data: StoredTaskFundingAnomalyData = { ...log.fact, taskId, ...terms, kind, reason: problems.join('; '), recovery };
  return [{ type: T.TaskFundingAnomalyDetected, data, idempotencyKey: factKey(log.fact) }];
}

/** The task's own escrow refunded closes the task; a stray escrow refunded by its funder recovers its anomaly. */
export function decideRefund(s: TaskState, taskId: number, log: RefundedLog): Raised[] {
  const own = log.key === null ? s.escrow.status === 'funded' : sameHex(log.key, s.escrow.key);
  if (own) {
    if (s.escrow.status !== 'funded') throw conflict(`task ${taskId} is ${s.escrow.status}: its escrow cannot be refunded`);
    const data: E.TaskRefundedData = { ...log.fact, taskId, ...(log.key ? { key: log.key } : {}), amount: log.amount.toString() };
    return [{ type: T.TaskRefunded, data, idempotencyKey: factKey(log.fact) }];
  }
  const stray = s.escrow.strays.find((x) => !x.refunded && sameHex(x.key, log.key));
  if (!stray || !log.key) throw conflict(`refund of escrow ${log.key ?? '(v1)'}, which is no escrow of task ${taskId}`);
  // How many strays stay open is recorded: the read table cannot tell whether this was the last one (it lists only the first ones).
  const strays = s.escrow.strays.map((x) => (x === stray ? { ...x, refunded: true } : x));
  const data: E.StrayEscrowRefundedData = {
    ...log.fact, taskId, key: log.key, funder: log.funder ?? '', amount: log.amount.toString(), openStrays: escrowFactsOf({ ...s.escrow, strays }).openStrays,
  };
  return [{ type: T.StrayEscrowRefunded, data, idempotencyKey: factKey(log.fact) }];
}

/** Compensates a funding or refund log whose block a reorganisation dropped (nothing if it is not in effect). */
export function decideRevertChainFact(s: TaskState, taskId: number, kind: 'funding' | 'refund', txHash: string, logIndex: number): Raised[] {
  const e = s.escrow;
  const base = { taskId, txHash, logIndex };
  if (kind === 'funding') {
    if (sameHex(e.fundedTxHash, txHash)) {
      const data: E.ChainFactRevertedData = { ...base, target: 'escrow', fundingStatus: statusOf({ ...e, fundedTxHash: null }) };
      return [{ type: T.TaskFundingReverted, data }];
    }
    const stray = e.strays.find((x) => sameHex(x.txHash, txHash) && x.logIndex === logIndex);
    if (!stray) return [];
    const strays = e.strays.filter((x) => x !== stray);
    const data: E.ChainFactRevertedData = { ...base, target: 'anomaly', fundingStatus: statusOf({ ...e, strays }) };
    return [{ type: T.TaskFundingReverted, data }];
  }
  if (sameHex(e.refundTxHash, txHash)) {
    const data: E.ChainFactRevertedData = { ...base, target: 'escrow', fundingStatus: statusOf({ ...e, refundTxHash: null }) };
    return [{ type: T.TaskRefundReverted, data }];
  }
  const stray = e.strays.find((x) => sameHex(x.refundTxHash, txHash));
  if (!stray) return [];
  const strays = e.strays.map((x) => (x === stray ? { ...x, refunded: false, refundTxHash: null } : x));
  const data: E.ChainFactRevertedData = { ...base, target: 'anomaly', key: stray.key ?? undefined, fundingStatus: statusOf({ ...e, strays }) };
  return [{ type: T.TaskRefundReverted, data }];
}
