import { Interface, ZeroHash, formatUnits } from 'ethers';
import {
  AppEscrowClaim, AppPayoutClaim, FAILED_PAYOUTS, appRemaining, appTerms, escrowDifferences, isStrangerEscrow, openAnomalies, releaseDifferences,
} from '@cent/backend';
import { Pool } from 'pg';
import { decodeEscrowLog, escrowInterface } from '../chain/escrow-logs';
import { JsonRpc, RpcError, toHex } from '../chain/json-rpc';
import { RawLog } from '../chain/chain-reader';

export interface TaskLine {
  taskId: string;
  chainFunded: boolean;
  appStatus: string;
  chainPaid: number;
  appPaid: number;
  chainRemaining: bigint;
  appRemaining: bigint | null;
  chainRefunded: boolean;
  appRefunded: boolean;
  differences: string[];
}

/** Escrows funded on chain for task ids the app never issued: anyone can fund any id, so they are no difference. */
export interface JunkEscrows {
  count: number;
  /** Distinct task ids they name. */
  taskIds: number;
  /** Not refunded yet, and the base units they were funded with. */
  held: number;
  heldAmount: bigint;
  /** The funders of most of them, most first (at most TOP). */
  topFunders: Array<{ funder: string; count: number }>;
}

/** Strangers' escrows (another wallet than the creator's) on tasks the app counts as funded (isStrangerEscrow). */
export interface StrangerEscrows {
  count: number;
  tasks: number;
  /** The tasks with most of them, most first (at most TOP). */
  topTasks: Array<{ taskId: string; count: number }>;
}

/**
 * Logs at the escrow's address that the audit could not read as a TaskEscrow event: a layout or word width
 * that is not its event's (`undecodable`), or a topic the escrow's ABI does not have (`unknownTopics`; a
 * foreign contract at ESCROW_ADDRESS emits only those). Anyone's contract can be at a wrong address and a
 * log is the emitter's to shape, so they are told, never a crash.
 */
export interface UnreadableLogs {
  undecodable: number;
  unknownTopics: number;
  /** The first few (at most TOP), with why. */
  first: Array<{ txHash: string; logIndex: string; reason: string }>;
}

/**
 * Approved submissions whose payout failed (FAILED_PAYOUTS): each was told to its earner, creator and admins with
 * what to do, and waits for one of them or for its cause to pass. No difference by itself (the escrow still holds
 * the reward, unless it was refunded: that is a difference of its task).
 */
export interface FailedPayouts {
  count: number;
  /** The first few by submission id (at most TOP), with the reason the earner sees. */
  first: Array<{ taskId: number; submissionId: number; reason: string }>;
}

/** What the audit found that is worth knowing but is no difference between the app and the chain. */
export interface AuditInformation {
  junkEscrows: JunkEscrows;
  strangerEscrows: StrangerEscrows;
  unreadableLogs: UnreadableLogs;
  failedPayouts: FailedPayouts;
}

export interface AuditReport {
  chainId: number;
  escrow: string;
  block: number;
  head: number;
  indexerBlock: number | null;
  /** Every task the app has (its differences, if any, in `differences`). */
  tasks: TaskLine[];
  payoutDifferences: string[];
  information: AuditInformation;
  /** No real difference (see differencesOf): exit 0. */
  ok: boolean;
}

/** How many funders / tasks the information lines name. */
const TOP = 5;
const CENT = 10n ** 18n;

/**
 * Every real difference of a report, in plain words: a task whose escrow, payouts or anomalies differ from
 * what the app claims, and every on-chain payout the app did not decide or does not show. Exit 1 of
 * `npm run audit` means this list is not empty; information (junk and strangers' escrows) never counts.
 */
export function differencesOf(r: Pick<AuditReport, 'tasks' | 'payoutDifferences'>): string[] {
  return [...r.tasks.flatMap((t) => t.differences.map((d) => `task ${t.taskId}: ${d}`)), ...r.payoutDifferences];
}

export interface AuditInput {
  rpc: JsonRpc;
  db: Pool;
  chainId: number;
  escrow: string;
  startBlock: number;
  confirmations: number;
  source: string;
  chunkBlocks?: number;
}

const iface: Interface = escrowInterface;

/** An escrow log as the audit uses it: every number a bigint or a decimal string, straight from the words. */
type AuditLog =
  | { name: 'TaskFunded'; key: string; taskId: string; funder: string; amount: bigint; txHash: string }
  | { name: 'RewardReleased'; key: string; submissionId: string; recipient: string; amount: bigint; txHash: string }
  | { name: 'TaskRefunded'; key: string; txHash: string };

/**
 * The range's logs through the indexer's own decoder (escrow-logs.ts), never ethers' parseLog (which throws on
 * a log whose layout is not its event's): decodable escrow events go on, the rest are counted in `unreadable`.
 */
function readLogs(raw: RawLog[], chainId: number, into: AuditLog[], unreadable: UnreadableLogs): void {
  const tell = (r: RawLog, reason: string) => {
    if (unreadable.first.length < TOP) unreadable.first.push({ txHash: String(r.transactionHash).toLowerCase(), logIndex: String(r.logIndex), reason });
  };
  for (const r of raw) {
    let d: ReturnType<typeof decodeEscrowLog>;
    try {
      d = decodeEscrowLog(r, chainId);
    } catch (err) {
      unreadable.undecodable++; // a malformed envelope: the RPC's answer, not the escrow's
      tell(r, (err as Error).message);
      continue;
    }
    if (!d) {
      // The escrow's other events (role changes) are known and of no interest; anything else is not the escrow's.
      if (!knownTopic(r.topics?.[0])) {
        unreadable.unknownTopics++;
        tell(r, `topic ${String(r.topics?.[0] ?? '(none)')} is no TaskEscrow event`);
      }
      continue;
    }
    if (!d.log) {
      unreadable.undecodable++;
      tell(r, d.rejected ?? 'undecodable');
      continue;
    }
    const txHash = d.fact.txHash;
    if (d.log.kind === 'funded') into.push({ name: 'TaskFunded', key: d.key, taskId: d.taskId!, funder: d.log.funder, amount: d.log.amount, txHash });
    else if (d.log.kind === 'released') into.push({ name: 'RewardReleased', key: d.key, submissionId: d.submissionId!, recipient: d.log.recipient, amount: d.log.amount, txHash });
    else into.push({ name: 'TaskRefunded', key: d.key, txHash });
  }
}

function knownTopic(topic0: unknown): boolean {
  if (typeof topic0 !== 'string') return false;
  try {
    return iface.getEvent(topic0) !== null;
  } catch {
    return false;
  }
}

/** The escrow's view of one key at `block`, or why the contract at the address gave none (not a TaskEscrow). */
async function readEscrow(input: AuditInput, key: string, block: number) {
  let out: string;
  try {
    out = await input.rpc.call<string>('eth_call', [{ to: input.escrow, data: iface.encodeFunctionData('getEscrow', [key]) }, toHex(block)],
      // A revert is the contract's answer, final; anything else (the node away) is retried or, in the CLI, exit 2.
      (err) => err instanceof RpcError && (err.code === 3 || /revert/i.test(err.message)));
  } catch (err) {
    if (err instanceof RpcError && (err.code === 3 || /revert/i.test(err.message))) return { error: `getEscrow reverted (${err.message.slice(0, 120)})` };
    throw err;
  }
  try {
    const [t] = iface.decodeFunctionResult('getEscrow', out);
    return {
      funded: t.reward !== 0n,
      paidCount: Number(t.paidCount),
      remaining: t.remaining as bigint,
      refunded: t.refunded as boolean,
      terms: { funder: t.funder, reward: t.reward.toString(), maxCompletions: t.maxCompletions.toString(), deadline: t.deadline.toString() },
    };
  } catch (err) {
    return { error: `getEscrow answered ${out.length > 20 ? `${out.slice(0, 20)}…` : out}, not an escrow (${(err as Error).message.slice(0, 80)})` };
  }
}

/**
 * Reconciles every task between the escrow contract and the projections, at the block the indexer has
 * reached (so an indexer that is simply behind does not read as a difference; its lag is reported):
 * funded, paid count, remaining balance and refunded per task (the escrow key of the funding the app
 * accepted), and every on-chain RewardReleased against an approved submission of the task whose escrow
 * paid it, recorded as paid by that transaction. Those are the differences (`differencesOf`). Escrows
 * anyone funded for ids the app never issued, and strangers' escrows on funded tasks, are information:
 * counted with their top funders / tasks, never a difference (issue 19).
 */
export async function reconcile(input: AuditInput): Promise<AuditReport> {
  const { rpc, db } = input;
  const head = Number(await rpc.call<string>('eth_blockNumber'));
  const cp = await db.query<{ block_number: string }>(`SELECT block_number FROM indexer_checkpoints WHERE source = $1`, [input.source]);
  const indexerBlock = cp.rows.length ? Number(cp.rows[0].block_number) : null;
  const block = Math.max(0, Math.min(head - input.confirmations, indexerBlock ?? head));

  const logs: AuditLog[] = [];
  const unreadable: UnreadableLogs = { undecodable: 0, unknownTopics: 0, first: [] };
  const chunk = input.chunkBlocks ?? 10_000;
  for (let from = input.startBlock; from <= block; from += chunk) {
    const raw = await rpc.call<RawLog[]>('eth_getLogs', [{ address: input.escrow, fromBlock: toHex(from), toBlock: toHex(Math.min(block, from + chunk - 1)) }]);
    readLogs(raw, input.chainId, logs, unreadable);
  }

  const appTasks = await db.query(
    `SELECT t.id, t.funding_status, t.anomalies, t.escrow_amount::text, t.released_amount::text, t.escrow_key,
            t.reward, t.max_completions, t.deadline, t.funder,
            (SELECT count(*)::int FROM submissions s WHERE s.task_id = t.id AND s.payout_status = 'released') AS paid,
            ARRAY(SELECT s.id FROM submissions s WHERE s.task_id = t.id AND s.status = 'approved'
                     AND s.payout_status IS DISTINCT FROM 'released' ORDER BY s.id) AS unpaid
       FROM tasks t ORDER BY t.id`,
  );
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- an SQL row as the driver returns it, its columns read by name
  const byId = new Map<string, any>(appTasks.rows.map((r) => [String(r.id), r]));
  // The escrow key of each task's accepted funding.
  const keyOfTask = new Map<string, string | null>(appTasks.rows.map((r) => [String(r.id), r.escrow_key?.toLowerCase() ?? null]));
  // Every escrow funded on chain, by key: the task id its TaskFunded named (the key hashes it).
  const taskOfKey = new Map<string, string>();
  for (const l of logs) if (l.name === 'TaskFunded') taskOfKey.set(l.key, l.taskId);
  const information = { ...informationOf(logs, byId), unreadableLogs: unreadable, failedPayouts: await failedPayouts(db) };
  const lines: Array<{ id: string; key: string | null }> = [...byId.keys()].map((id) => ({ id, key: keyOfTask.get(id) ?? null }));

  const tasks: TaskLine[] = [];
  for (const { id, key } of lines) {
    const read = await readEscrow(input, key ?? ZeroHash, block);
    const unread = 'error' in read ? read.error : null;
    // A contract that is not the escrow cannot vouch for anything the app claims: that is a real difference.
    const chain = 'error' in read ? { funded: false, paidCount: 0, remaining: 0n, refunded: false, terms: null } : read;
    const app = byId.get(id)!;
    const claim: AppEscrowClaim = {
      fundingStatus: app.funding_status,
      escrowAmount: app.escrow_amount,
      releasedAmount: app.released_amount,
      paidCount: app.paid,
      anomalies: openAnomalies(app.anomalies),
      terms: appTerms(app),
      unpaidApproved: app.unpaid,
    };
    const line: TaskLine = {
      taskId: id,
      chainFunded: chain.funded,
      appStatus: claim.fundingStatus,
      chainPaid: chain.paidCount,
      appPaid: claim.paidCount,
      chainRemaining: chain.remaining,
      appRemaining: appRemaining(claim),
      chainRefunded: chain.refunded,
      appRefunded: claim.fundingStatus === 'refunded',
      differences: unread ? [`the contract at ${input.escrow} is not a readable TaskEscrow: ${unread}`] : escrowDifferences(chain, claim),
    };
    tasks.push(line);
  }

  const payoutDifferences: string[] = [];
  const released = logs.filter((l) => l.name === 'RewardReleased');
  const subIds = released.map((l) => l.submissionId).filter((s) => BigInt(s) <= 2_147_483_647n);
  const subs = await db.query(`SELECT id, task_id, status, payout_status, transaction_hash, payout_recipient FROM submissions WHERE id = ANY($1::int[])`, [subIds]);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- an SQL row as the driver returns it, its columns read by name
  const subById = new Map<string, any>(subs.rows.map((r) => [String(r.id), r]));
  const onChainTx = new Map<string, string>();
  for (const l of released) {
    if (l.name !== 'RewardReleased') continue;
    const sid = l.submissionId;
    const key = l.key;
    const taskId = taskOfKey.get(key) ?? '(unknown)';
    const s = subById.get(sid);
    const where = `RewardReleased task ${taskId} submission ${sid} (${l.txHash})`;
    const task = s ? byId.get(String(s.task_id)) : undefined;
    const claim: AppPayoutClaim | null = s && task
      ? {
          taskId: s.task_id, status: s.status, payoutStatus: s.payout_status, transactionHash: s.transaction_hash, recipient: s.payout_recipient,
          reward: (BigInt(task.reward) * CENT).toString(), escrowKey: task.escrow_key,
        }
      : null;
    const release = { submissionId: sid, key, recipient: l.recipient, amount: l.amount, txHash: l.txHash };
    for (const d of releaseDifferences(release, claim)) payoutDifferences.push(`${where}: ${d}`);
    if (s && String(s.task_id) === taskId) onChainTx.set(sid, l.txHash);
  }
  const appReleased = await db.query(`SELECT id, task_id, transaction_hash, payout_block_number FROM submissions WHERE payout_status = 'released'`);
  for (const s of appReleased.rows) {
    if (Number(s.payout_block_number) > block) continue; // beyond the audited block
    if (onChainTx.get(String(s.id)) !== s.transaction_hash) {
      payoutDifferences.push(`submission ${s.id} of task ${s.task_id}: the app shows it paid in ${s.transaction_hash}, the chain has no such payout`);
    }
  }
  const ok = differencesOf({ tasks, payoutDifferences }).length === 0;
  return { chainId: input.chainId, escrow: input.escrow, block, head, indexerBlock, tasks, payoutDifferences, information, ok };
}

/** The failed payouts: their number and the first few by submission id. */
async function failedPayouts(db: Pool): Promise<FailedPayouts> {
  const [count, first] = await Promise.all([
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM submissions s WHERE ${FAILED_PAYOUTS}`),
    db.query<{ task_id: number; id: number; payout_error: string | null }>(
      `SELECT s.task_id, s.id, s.payout_error FROM submissions s WHERE ${FAILED_PAYOUTS} ORDER BY s.id LIMIT ${TOP}`,
    ),
  ]);
  return {
    count: count.rows[0].n,
    first: first.rows.map((r) => ({ taskId: r.task_id, submissionId: r.id, reason: r.payout_error ?? '(no reason recorded)' })),
  };
}

/**
 * Junk escrows (task ids the app never issued) and strangers' escrows (another funder than the one the app
 * accepted, on a task it counts as funded), from the logs alone: counted, with the funders / tasks that
 * have most of them. No contract read per escrow, so 1,500 of them cost nothing but the logs.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- an SQL row as the driver returns it, its columns read by name
function informationOf(logs: AuditLog[], byId: Map<string, any>): Omit<AuditInformation, 'unreadableLogs' | 'failedPayouts'> {
  const refunded = new Set(logs.filter((l) => l.name === 'TaskRefunded').map((l) => l.key));
  const junkFunders = new Map<string, number>();
  const junkIds = new Set<string>();
  const strangersPerTask = new Map<string, number>();
  const junk: JunkEscrows = { count: 0, taskIds: 0, held: 0, heldAmount: 0n, topFunders: [] };
  for (const l of logs) {
    if (l.name !== 'TaskFunded') continue;
    const id = l.taskId;
    const funder = l.funder;
    const app = byId.get(id);
    if (!app) {
      junk.count++;
      junkIds.add(id);
      junkFunders.set(funder, (junkFunders.get(funder) ?? 0) + 1);
      if (!refunded.has(l.key)) {
        junk.held++;
        junk.heldAmount += l.amount;
      }
    } else if (funder !== (app.funder ?? '').toLowerCase() && isStrangerEscrow({ kind: 'foreign_funder' }, app.funding_status)) {
      // Funded from another wallet than the one the app accepted, on a task it counts as funded.
      strangersPerTask.set(id, (strangersPerTask.get(id) ?? 0) + 1);
    }
  }
  junk.taskIds = junkIds.size;
  junk.topFunders = [...junkFunders].sort((a, b) => b[1] - a[1]).slice(0, TOP).map(([funder, count]) => ({ funder, count }));
  const strangerEscrows: StrangerEscrows = {
    count: [...strangersPerTask.values()].reduce((a, b) => a + b, 0),
    tasks: strangersPerTask.size,
    topTasks: [...strangersPerTask].sort((a, b) => b[1] - a[1]).slice(0, TOP).map(([taskId, count]) => ({ taskId, count })),
  };
  return { junkEscrows: junk, strangerEscrows };
}

/** Base units as CENT, exactly (never through a float). */
const cent = (v: bigint | null) => (v === null ? '-' : formatUnits(v, 18).replace(/\.0$/, ''));

/** The report as a plain-text table for a terminal. */
export function formatReport(r: AuditReport): string {
  const header = ['task', 'chain funded', 'app status', 'paid chain/app', 'remaining CENT chain/app', 'refunded chain/app', 'result'];
  const rows = r.tasks.map((t) => [
    t.taskId,
    t.chainFunded ? 'yes' : 'no',
    t.appStatus,
    `${t.chainPaid}/${t.appPaid}`,
    `${cent(t.chainRemaining)}/${cent(t.appRemaining)}`,
    `${t.chainRefunded ? 'yes' : 'no'}/${t.appRefunded ? 'yes' : 'no'}`,
    t.differences.length ? 'DIFFERENT' : 'ok',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i])).join('  ');
  const out = [
    `Escrow ${r.escrow} on chain ${r.chainId}: audited at block ${r.block} (head ${r.head}, indexer at ${r.indexerBlock ?? 'never ran'})`,
    '',
    line(header),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map(line),
    '',
  ];
  const diffs = differencesOf(r);
  if (diffs.length) out.push(`${diffs.length} difference(s):`, ...diffs.map((d) => `  - ${d}`));
  else out.push(`No differences: ${r.tasks.length} task(s) and every on-chain payout match.`);
  const info = informationLines(r.information);
  if (info.length) out.push('', 'Information (not differences):', ...info.map((l) => `  - ${l}`));
  return out.join('\n');
}

function informationLines({ junkEscrows: j, strangerEscrows: s, unreadableLogs: u, failedPayouts: f }: AuditInformation): string[] {
  const out: string[] = [];
  if (j.count) {
    const funders = j.topFunders.map((f) => `${f.funder} (${f.count})`).join(', ');
    out.push(
      `${j.count} escrow(s) funded for ${j.taskIds} task id(s) the app never issued; ${j.held} still held (${cent(j.heldAmount)} CENT). ` +
      `Top funders: ${funders}.`,
    );
  }
  if (s.count) {
    const tasks = s.topTasks.map((t) => `task ${t.taskId} (${t.count})`).join(', ');
    out.push(`${s.count} stranger's escrow(s) on ${s.tasks} funded task(s), each refundable only by its funder. Most: ${tasks}.`);
  }
  if (u.undecodable || u.unknownTopics) {
    const first = u.first.map((l) => `${l.txHash}#${l.logIndex}: ${l.reason}`).join('; ');
    out.push(`${u.undecodable} log(s) at the escrow's address with an escrow event's topic but not its layout, ${u.unknownTopics} with a topic ` +
      `the escrow does not have (is ESCROW_ADDRESS the TaskEscrow?). First: ${first}.`);
  }
  if (f.count) {
    const first = f.first.map((p) => `task ${p.taskId} submission ${p.submissionId}: ${p.reason}`).join('; ');
    out.push(`${f.count} approved submission(s) whose payout failed, each told to its earner, creator and admins with what to do. First: ${first}`);
  }
  return out;
}
