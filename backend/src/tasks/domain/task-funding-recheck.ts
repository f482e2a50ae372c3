import { chainFactKey } from '../../event-store/stored-event';
import * as E from './task.events';
import { FundedLog } from './escrow-log';
import { decideFunding } from './task-escrow';
import { Raised, TaskState, sameHex, withEscrow } from './task.state';

const T = E.TaskEvents;

/**
 * A funding recorded as a stray escrow because its funder was not (yet) the creator's linked wallet is
 * decided again once the creator links a wallet (issue 19 item 9), by the same rules as any funding
 * (decideFunding): funded from that wallet with the task's exact terms, it becomes the task's funding. Its
 * TaskFunded carries the original log's fact; its idempotency key is the fact's with `:accepted`, since the
 * fact's own key is the stray's event (so accepting it twice is a no-op).
 */
export function decideRecheckFundings(s: TaskState, taskId: number, strays: E.TaskFundingAnomalyData[], creatorWallet: string): Raised[] {
  if (s.escrow.status !== 'anomaly') return [];
  for (const d of strays) {
    const open = s.escrow.strays.find((x) => !x.refunded && sameHex(x.txHash, d.txHash) && x.logIndex === d.logIndex);
    if (!open || d.kind !== 'foreign_funder' || !sameHex(d.funder, creatorWallet) || d.reward === undefined) continue;
    const log: FundedLog = {
      kind: 'funded',
      fact: { chainId: d.chainId, txHash: d.txHash, blockNumber: d.blockNumber, blockHash: d.blockHash, logIndex: d.logIndex },
      key: d.key,
      funder: d.funder,
      reward: BigInt(d.reward),
      maxCompletions: BigInt(d.maxCompletions!),
      deadline: BigInt(d.deadline!),
      amount: BigInt(d.amount),
    };
    const others = withEscrow(s, { strays: s.escrow.strays.filter((x) => x !== open), status: 'awaiting_funding' });
    const [decided] = decideFunding(others, taskId, log, creatorWallet);
    if (decided?.type !== T.TaskFunded) continue;
    const key = `${chainFactKey(d.chainId, d.txHash, d.logIndex, d.blockHash)}:accepted`;
    return [{ ...decided, idempotencyKey: key }];
  }
  return [];
}
