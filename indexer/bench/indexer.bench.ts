/**
 * `npm run bench:indexer`: 20,000 TaskEscrow logs on a local anvil, indexed from scratch, against a bare
 * eth_getLogs sweep of the same range; then live latency (release receipt -> read model shows it paid).
 * Prints progress on stderr and, as its last stdout line:
 *   {"logs":20000,"indexLogsPerSec":…,"rawGetLogsPerSec":…,"liveLatencyP95Ms":…}
 * Env: BENCH_TASKS (40) x BENCH_PAYOUTS (499) + BENCH_TASKS fundings = logs; BENCH_LIVE (40) live releases;
 * DATABASE_URL to use a running PostgreSQL (default: an embedded one in a temporary directory).
 */
import 'reflect-metadata';
import * as os from 'node:os';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { Wallet } from 'ethers';
import { DEV_RELEASER } from '@cent/contracts';
import { EventStore, loadConfig, ProjectionRunner } from '@cent/backend';
import { RegisterUserCommand } from '../../backend/src/users/commands/register-user.command';
import { IndexerModule } from '../src/indexer.module';
import { IndexerRunner } from '../src/indexer-runner';
import { startAnvil } from '../test/support/anvil';
import { CENT, deployEscrow } from '../test/support/escrow-chain';
import { indexerEnv } from '../test/support/stack';
import { benchDatabase, percentile } from './bench-support';

const TASKS = Number(process.env.BENCH_TASKS ?? 40);
const PAYOUTS = Number(process.env.BENCH_PAYOUTS ?? 499);
const LIVE = Number(process.env.BENCH_LIVE ?? 40);
const LOGS = TASKS * (PAYOUTS + 1);
const say = (m: string) => process.stderr.write(`[bench:indexer] ${m}\n`);


async function main(): Promise<void> {
  const anvil = await startAnvil(['--gas-limit', '1000000000']);
  const db = await benchDatabase('bench_indexer');
  const chain = await deployEscrow(anvil.provider, anvil.url, 3600);
  // The range starts after the deployment's own logs (role grants), so it holds exactly the LOGS escrow events.
  const startBlock = (await anvil.provider.getBlockNumber()) + 1;
  const env = indexerEnv(anvil.url, chain, db.url, { LOG_LEVEL: 'warn', ESCROW_DEPLOYMENT_BLOCK: String(startBlock) });
  // The product's defaults for polling and range size, not the tests' fast ones.
  delete env.INDEXER_POLL_MS;
  delete env.PAYOUT_POLL_MS;
  const config = loadConfig({ ...process.env, ...env, NODE_ENV: 'production', DATA_DIR: os.tmpdir() });
  Logger.overrideLogger(['error', 'warn']);
  const app = await NestFactory.createApplicationContext(IndexerModule.forRoot(config, db.url, { payouts: false }), { logger: ['error', 'warn'] });
  const runner = app.get(IndexerRunner);
  const store = app.get(EventStore);
  const dataSource = app.get(DataSource);
  const commands = app.get(CommandBus);
  try {
    // ---- the backend side: a creator, TASKS + 1 tasks with approved submissions (bulk-appended events) ----
    const creatorSigner = chain.creators[0];
    const creatorWallet = await creatorSigner.getAddress();
    const creatorId: number = await commands.execute(
      new RegisterUserCommand({ method: 'wallet', walletAddress: creatorWallet, username: null, email: null, passwordHash: null }),
    );
    const deadline = new Date(Date.now() + 7 * 24 * 3600_000);
    let submissionId = 0;
    const subsOf = new Map<number, number[]>();
    const t0 = Date.now();
    for (let taskId = 1; taskId <= TASKS + 1; taskId++) {
      const n = taskId <= TASKS ? PAYOUTS : LIVE;
      const now = new Date().toISOString();
      const events: Array<{ type: string; data: unknown }> = [{
        type: 'TaskCreated',
        data: {
          taskId, creatorId, title: `Bench task ${taskId}`, description: 'Benchmark task', requirements: 'none', category: 'Bench',
          reward: 1, maxCompletions: n, estimatedTime: 1, deadline: deadline.toISOString(), submissionType: 'text', isActive: true,
          chainId: 31337, contractAddress: chain.deployment.escrow, escrowAmount: (CENT * BigInt(n)).toString(), createdAt: now,
        },
      }];
      const ids: number[] = [];
      for (let k = 0; k < n; k++) {
        const id = ++submissionId;
        ids.push(id);
        const userId = 1_000_000 + id;
        events.push({ type: 'SubmissionSubmitted', data: { submissionId: id, taskId, userId, proofLink: null, proofText: 'bench', proofFileUrl: null, notes: null, createdAt: now } });
        events.push({ type: 'SubmissionApproved', data: { submissionId: id, taskId, userId, reviewerId: creatorId, feedback: null, reward: 1, reviewedAt: now } });
      }
      subsOf.set(taskId, ids);
      await store.append(`task-${taskId}`, 0, events);
    }
    await app.get(ProjectionRunner).catchUp();
    say(`backend: ${TASKS + 1} tasks, ${submissionId} approved submissions in ${Date.now() - t0} ms`);

    // ---- the chain side: fund every task, pay all its submissions in one releaseBatch ----
    const releaser = new Wallet(DEV_RELEASER.privateKey, anvil.provider);
    const creatorKey = new Wallet((creatorSigner.signer as Wallet).privateKey, anvil.provider);
    const recipients = Array.from({ length: 64 }, () => Wallet.createRandom().address);
    let creatorNonce = await creatorKey.getNonce();
    let releaserNonce = await releaser.getNonce();
    const fees = { maxFeePerGas: 10n ** 11n, maxPriorityFeePerGas: 10n ** 9n, chainId: 31337 };
    const escrow = chain.deployment.escrow;
    const iface = chain.escrow.interface;
    const t1 = Date.now();
    let last = '';
    for (let taskId = 1; taskId <= TASKS; taskId++) {
      const ids = subsOf.get(taskId)!;
      const fund = await creatorKey.signTransaction({
        to: escrow, nonce: creatorNonce++, gasLimit: 300_000n, ...fees,
        data: iface.encodeFunctionData('fund', [taskId, CENT, ids.length, BigInt(Math.floor(deadline.getTime() / 1000))]),
      });
      await anvil.rpc('eth_sendRawTransaction', [fund]);
      const batch = await releaser.signTransaction({
        to: escrow, nonce: releaserNonce++, gasLimit: 30_000_000n, ...fees,
        data: iface.encodeFunctionData('releaseBatch', [taskId, ids, ids.map((_, i) => recipients[i % recipients.length])]),
      });
      last = await anvil.rpc<string>('eth_sendRawTransaction', [batch]);
    }
    const lastReceipt = await anvil.rpc<{ status: string }>('eth_getTransactionReceipt', [last]);
    if (lastReceipt?.status !== '0x1') throw new Error('the generating transactions failed');
    const head = await anvil.provider.getBlockNumber();
    say(`chain: ${LOGS} escrow logs in blocks ${startBlock}..${head}, generated in ${Date.now() - t1} ms`);

    // ---- bare eth_getLogs sweep of the same range, in the indexer's range size ----
    const step = config.INDEXER_BATCH_BLOCKS;
    const sweep = async () => {
      const s = performance.now();
      let n = 0;
      for (let from = startBlock; from <= head; from += step) {
        const res = await fetch(anvil.url, {
          method: 'POST', headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getLogs', params: [{ address: escrow, fromBlock: `0x${from.toString(16)}`, toBlock: `0x${Math.min(head, from + step - 1).toString(16)}` }] }),
        });
        n += ((await res.json()) as { result: unknown[] }).result.length;
      }
      return { n, ms: performance.now() - s };
    };
    const raw = await sweep();
    if (raw.n !== LOGS) throw new Error(`raw sweep saw ${raw.n} logs, expected ${LOGS}`);
    const rawGetLogsPerSec = Math.round((raw.n / raw.ms) * 1000);
    say(`raw eth_getLogs: ${raw.n} logs in ${raw.ms.toFixed(0)} ms (${rawGetLogsPerSec}/s)`);

    // ---- index from scratch: until the checkpoint is at the head and the read model shows every payout ----
    const paidCount = async () => Number((await dataSource.query(`SELECT count(*) AS n FROM submissions WHERE payout_status = 'released'`))[0].n);
    const checkpoint = async () => Number((await dataSource.query(`SELECT block_number FROM indexer_checkpoints`))[0]?.block_number ?? -1);
    const s = performance.now();
    runner.start();
    while ((await checkpoint()) < head || (await paidCount()) < TASKS * PAYOUTS) await new Promise((r) => setTimeout(r, 10));
    const indexMs = performance.now() - s;
    const indexLogsPerSec = Math.round((LOGS / indexMs) * 1000);
    const outcomes = await dataSource.query(`SELECT outcome, count(*)::int AS n FROM indexer_applied_logs GROUP BY outcome`);
    say(`indexed ${LOGS} logs in ${indexMs.toFixed(0)} ms (${indexLogsPerSec}/s = ${(indexLogsPerSec / rawGetLogsPerSec).toFixed(2)} x raw); outcomes ${JSON.stringify(outcomes)}`);

    // ---- live: one release at a time; receipt -> the read model shows the submission paid ----
    const liveTask = TASKS + 1;
    const liveIds = subsOf.get(liveTask)!;
    const fundLive = await creatorKey.signTransaction({
      to: escrow, nonce: creatorNonce++, gasLimit: 300_000n, ...fees,
      data: iface.encodeFunctionData('fund', [liveTask, CENT, liveIds.length, BigInt(Math.floor(deadline.getTime() / 1000))]),
    });
    await anvil.rpc('eth_sendRawTransaction', [fundLive]);
    const latencies: number[] = [];
    for (const id of liveIds) {
      const tx = await releaser.signTransaction({
        to: escrow, nonce: releaserNonce++, gasLimit: 200_000n, ...fees,
        data: iface.encodeFunctionData('release', [liveTask, id, recipients[id % recipients.length]]),
      });
      const hash = await anvil.rpc<string>('eth_sendRawTransaction', [tx]);
      while (!(await anvil.rpc('eth_getTransactionReceipt', [hash]))) await new Promise((r) => setTimeout(r, 2));
      const receiptAt = performance.now();
      for (;;) {
        const rows = await dataSource.query(`SELECT payout_status FROM submissions WHERE id = $1`, [id]);
        if (rows[0]?.payout_status === 'released') break;
        await new Promise((r) => setTimeout(r, 5));
      }
      latencies.push(performance.now() - receiptAt);
      await new Promise((r) => setTimeout(r, Math.random() * 200));
    }
    const liveLatencyP95Ms = Math.round(percentile(latencies, 95));
    say(`live: ${LIVE} releases, latency p50 ${Math.round(percentile(latencies, 50))} ms, p95 ${liveLatencyP95Ms} ms, max ${Math.round(Math.max(...latencies))} ms (poll ${config.INDEXER_POLL_MS} ms, ${config.CONFIRMATIONS} confirmations)`);
    console.log(JSON.stringify({ logs: LOGS, indexLogsPerSec, rawGetLogsPerSec, liveLatencyP95Ms }));
  } finally {
    await runner.stop();
    await app.close();
    await anvil.stop();
    await db.stop();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
