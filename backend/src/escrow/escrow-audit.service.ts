import { Inject, Injectable } from '@nestjs/common';
import { JsonRpcProvider, Log, ZeroHash, zeroPadValue, toBeHex } from 'ethers';
import { DataSource } from 'typeorm';
import { EventStore } from '../event-store/event-store';
import { AppPayoutClaim, appTerms, escrowDifferences, isStrangerEscrow, openAnomalies, releaseDifferences } from './escrow-differences';
import { MAX_SHOWN_ANOMALIES } from '../tasks/queries/task-funding.view';
import { centToBaseUnits } from '../common/money';
import { deadlineSeconds } from '../tasks/domain/task-escrow-terms';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { ChainRpc, chainUnreachableMessage } from '../chain/chain-rpc';
import { notFound } from '../common/domain-error';
import { chainFactKey } from '../event-store/stored-event';
import { MESSAGES } from '../tasks/domain/task.aggregate';
import { UserRecord } from '../users/users.read-repository';
import { ESCROW_AUDIT_ABI, EscrowLocation, explorerLinks, locateEscrow } from './escrow-contract';
import { EscrowAppView, EscrowAuditView, EscrowEventView, EscrowOnChainView, EscrowPayoutView, Finality } from './escrow.view';

const EVENT_TOPICS = ['TaskFunded', 'RewardReleased', 'TaskRefunded'].map((n) => ESCROW_AUDIT_ABI.getEvent(n)!.topicHash);
const FUNDED_TOPIC = ESCROW_AUDIT_ABI.getEvent('TaskFunded')!.topicHash;
const PUBLIC_STATES = new Set(['funded', 'refunded']);
/** Other fundings of the task id the view lists as events (the rest are counted). */
const MAX_OTHER_FUNDINGS = 10;

/**
 * The audit view of one task: what the escrow contract says (read from the chain now, not from the
 * indexer), next to what the app claims, with every funded / released / refunded log and its finality.
 */
@Injectable()
export class EscrowAuditService {
  private readonly provider: JsonRpcProvider;
  private readonly location: EscrowLocation | null;
  private readonly links: ReturnType<typeof explorerLinks>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly db: DataSource,
    private readonly store: EventStore,
    private readonly chain: ChainRpc,
  ) {
    // Every call gives up after CHAIN_TIMEOUT_MS: a frozen node is "chain unreachable" within seconds, not a hang.
    this.provider = chain.provider;
    this.location = locateEscrow(config);
    this.links = explorerLinks(config);
  }

  async audit(taskId: number, viewer: UserRecord | undefined): Promise<EscrowAuditView> {
    const rows = await this.db.query(
      `SELECT id, creator_id, funding_status, escrow_amount::text, released_amount::text, refunded_amount::text, anomalies, stranger_escrows_unlisted,
              reward, max_completions, escrow_key, deadline, funder
         FROM tasks WHERE id = $1`,
      [taskId],
    );
    const task = rows[0];
    // Funded (and refunded) tasks are public; others only for their creator and admins.
    if (!task || (!PUBLIC_STATES.has(task.funding_status) && !(viewer && (viewer.isAdmin || viewer.id === task.creator_id)))) {
      throw notFound(MESSAGES.taskNotFound);
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- an SQL row as the driver returns it, its columns read by name
    const submissions: Array<Record<string, any>> = await this.db.query(
      `SELECT id, user_id, status, payout_status, payout_tx_hash, payout_block_number, payout_error FROM submissions
        WHERE task_id = $1 AND (payout_status IS NOT NULL OR status = 'approved') ORDER BY id`,
      [taskId],
    );
    const open = openAnomalies(task.anomalies);
    const strangers = open.filter((a) => isStrangerEscrow(a, task.funding_status));
    const anomalies = open.filter((a) => !isStrangerEscrow(a, task.funding_status));
    const app: EscrowAppView = {
      fundingStatus: task.funding_status,
      escrowAmount: task.escrow_amount,
      releasedAmount: task.released_amount,
      refundedAmount: task.refunded_amount,
      paidCount: submissions.filter((s) => s.payout_status === 'released').length,
      // Bounded whatever strangers do: their escrows on a funded task are a count, never a difference.
      anomalies: anomalies.slice(0, MAX_SHOWN_ANOMALIES),
      strangerEscrows: strangers.length + (task.funding_status === 'funded' || task.funding_status === 'refunded' ? Number(task.stranger_escrows_unlisted) : 0),
    };
    const base = {
      taskId,
      chainId: this.config.CHAIN_ID,
      escrowAddress: this.location?.escrow ?? '',
      escrowUrl: this.location ? this.links.address(this.location.escrow) : null,
      tokenAddress: this.location?.token ?? null,
      confirmationsRequired: this.config.CONFIRMATIONS,
      app,
    };
    if (!this.location) {
      return {
        ...base, headBlock: null, onChain: null, chainError: 'No escrow contract configured (ESCROW_ADDRESS)', lastBlockSeen: null, lastBlockSeenAt: null,
        consistent: false, differences: [], events: [], payouts: this.payouts(submissions, [], null),
      };
    }
    const escrowKey: string = task.escrow_key ?? ZeroHash;
    let head: number;
    let onChain: EscrowOnChainView;
    let logs: Log[];
    let otherFundings: number;
    try {
      let read: { logs: Log[]; otherFundings: number };
      [head, onChain, read] = await Promise.all([this.chain.head(), this.readEscrow(escrowKey), this.readLogs(taskId, escrowKey)]);
      ({ logs, otherFundings } = read);
    } catch (err) {
      // What the app knows still shows; the chain's part says since when it is missing.
      this.chain.unreachable(err);
      const last = await this.chain.lastBlockSeen();
      return {
        ...base, headBlock: null, onChain: null, chainError: chainUnreachableMessage(last),
        lastBlockSeen: last?.number ?? null, lastBlockSeenAt: last?.seenAt.toISOString() ?? null,
        consistent: false, differences: [], events: [], payouts: this.payouts(submissions, [], null),
      };
    }
    const keys = logs.map((l) => chainFactKey(this.config.CHAIN_ID, l.transactionHash, l.index, l.blockHash));
    const indexed = await this.store.appliedKeys(keys);
    const events = logs.map((l, i) => this.eventView(l, head, indexed.has(keys[i])));
    const unpaidApproved = submissions.filter((s) => s.status === 'approved' && s.payout_status !== 'released').map((s) => s.id as number);
    const claim = { ...app, anomalies, terms: appTerms(task), unpaidApproved };
    const differences = [...escrowDifferences(this.withTerms(onChain), claim), ...(await this.releaseDifferences(task, events))];
    return {
      ...base, headBlock: head, onChain, chainError: null, lastBlockSeen: head, lastBlockSeenAt: new Date().toISOString(), consistent: differences.length === 0, differences, events,
      otherFundings,
      payouts: this.payouts(submissions, events, head),
    };
  }

  /** The escrow's funder and terms in the units escrowDifferences compares. */
  private withTerms(onChain: EscrowOnChainView) {
    const terms = onChain.funded && onChain.deadline
      ? { funder: onChain.creator, reward: onChain.reward, maxCompletions: String(onChain.maxCompletions), deadline: deadlineSeconds(onChain.deadline).toString() }
      : null;
    return { ...onChain, terms };
  }

  /** Every RewardReleased of the task's escrow against the payout the app decided (the audit's rule). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- an SQL row as the driver returns it, its columns read by name
  private async releaseDifferences(task: Record<string, any>, events: EscrowEventView[]): Promise<string[]> {
    const released = events.filter((e) => e.type === 'RewardReleased');
    if (!released.length) return [];
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- an SQL row as the driver returns it, its columns read by name
    const rows: Array<Record<string, any>> = await this.db.query(
      `SELECT id, task_id, status, payout_status, transaction_hash, payout_recipient FROM submissions WHERE id = ANY($1::int[])`,
      // Only ids a submission row can have (int4), compared as bigint: a stranger's release may name any uint256.
      [released.map((e) => BigInt(e.submissionId!)).filter((id) => id > 0n && id <= 2_147_483_647n).map(String)],
    );
    const byId = new Map(rows.map((r) => [String(r.id), r]));
    return released.flatMap((e) => {
      const s = byId.get(e.submissionId!);
      const claim: AppPayoutClaim | null = s
        ? {
            taskId: s.task_id, status: s.task_id === task.id ? s.status : `a submission of task ${s.task_id}`, payoutStatus: s.payout_status,
            transactionHash: s.transaction_hash, recipient: s.payout_recipient, reward: centToBaseUnits(task.reward).toString(), escrowKey: task.escrow_key,
          }
        : null;
      const log = { submissionId: String(e.submissionId), key: task.escrow_key, recipient: e.recipient!, amount: e.amount, txHash: e.txHash };
      return releaseDifferences(log, claim).map((d) => `RewardReleased submission ${e.submissionId} (${e.txHash}): ${d}`);
    });
  }

  private async readEscrow(key: string): Promise<EscrowOnChainView> {
    const call = (fn: string) => this.provider.call({ to: this.location!.escrow, data: ESCROW_AUDIT_ABI.encodeFunctionData(fn, [key]) });
    const [escrowData, refundData] = await Promise.all([call('getEscrow'), call('refundableAt')]);
    const [t] = ESCROW_AUDIT_ABI.decodeFunctionResult('getEscrow', escrowData);
    const refundableAt = Number(ESCROW_AUDIT_ABI.decodeFunctionResult('refundableAt', refundData)[0]);
    const funded = t.reward !== 0n;
    return {
      funded,
      creator: funded ? t.funder : null,
      creatorUrl: funded ? this.links.address(t.funder) : null,
      reward: t.reward.toString(),
      maxCompletions: Number(t.maxCompletions),
      paidCount: Number(t.paidCount),
      payoutsLeft: funded && !t.refunded ? Math.max(0, Number(t.maxCompletions) - Number(t.paidCount)) : 0,
      deadline: funded ? new Date(Number(t.deadline) * 1000).toISOString() : null,
      refunded: t.refunded,
      remaining: t.remaining.toString(),
      refundableAt: refundableAt ? new Date(refundableAt * 1000).toISOString() : null,
    };
  }

  /**
   * The accepted escrow's logs, plus the first MAX_OTHER_FUNDINGS other fundings of this task id (anyone can
   * fund another escrow for it, any number of times: the view counts them in `otherFundings`).
   */
  private async readLogs(taskId: number, key: string): Promise<{ logs: Log[]; otherFundings: number }> {
    const range = { address: this.location!.escrow, fromBlock: this.location!.startBlock, toBlock: 'latest' };
    const [own, fundings] = await Promise.all([
      key === ZeroHash ? [] : this.provider.getLogs({ ...range, topics: [EVENT_TOPICS, key] }),
      this.provider.getLogs({ ...range, topics: [FUNDED_TOPIC, null, zeroPadValue(toBeHex(taskId), 32)] }),
    ]);
    const seen = new Set(own.map((l) => `${l.transactionHash}:${l.index}`));
    const others = fundings.filter((l) => !seen.has(`${l.transactionHash}:${l.index}`));
    const logs = [...own, ...others.slice(0, MAX_OTHER_FUNDINGS)].sort((a, b) => a.blockNumber - b.blockNumber || a.index - b.index);
    return { logs, otherFundings: others.length };
  }

  private finality(blockNumber: number, head: number): Finality {
    return head - blockNumber >= this.config.CONFIRMATIONS ? 'final' : 'confirmed';
  }

  private eventView(l: Log, head: number, indexed: boolean): EscrowEventView {
    const e = ESCROW_AUDIT_ABI.parseLog(l)!;
    const view: EscrowEventView = {
      type: e.name,
      txHash: l.transactionHash,
      txUrl: this.links.tx(l.transactionHash),
      blockNumber: l.blockNumber,
      logIndex: l.index,
      amount: e.args.amount.toString(),
      confirmations: head - l.blockNumber + 1,
      finality: this.finality(l.blockNumber, head),
      indexed,
    };
    if (e.name === 'RewardReleased') {
      Object.assign(view, { submissionId: (e.args.submissionId as bigint).toString(), recipient: e.args.recipient, recipientUrl: this.links.address(e.args.recipient) });
    }
    return view;
  }

  /** pending (requested / sent), confirmed (its release is in a block), final (past the confirmation depth). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- an SQL row as the driver returns it, its columns read by name
  private payouts(submissions: Array<Record<string, any>>, events: EscrowEventView[], head: number | null): EscrowPayoutView[] {
    const released = new Map(events.filter((e) => e.type === 'RewardReleased').map((e) => [e.submissionId!, e]));
    return submissions.map((s) => {
      const onChain = released.get(s.id);
      const txHash: string | null = onChain?.txHash ?? s.payout_tx_hash ?? null;
      let state: EscrowPayoutView['state'] = null;
      if (onChain) state = onChain.finality;
      else if (s.payout_status === 'released') state = head !== null && s.payout_block_number ? this.finality(Number(s.payout_block_number), head) : 'confirmed';
      else if (s.payout_status === 'requested' || s.payout_status === 'sent') state = 'pending';
      else if (s.payout_status === 'failed') state = 'failed';
      return {
        submissionId: s.id,
        userId: s.user_id,
        payoutStatus: s.payout_status,
        state,
        txHash,
        txUrl: txHash ? this.links.tx(txHash) : null,
        blockNumber: onChain?.blockNumber ?? (s.payout_block_number ? Number(s.payout_block_number) : null),
        error: s.payout_error,
      };
    });
  }
}
