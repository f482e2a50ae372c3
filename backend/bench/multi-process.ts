/**
 * bench:api's multi-process figure: the list as production serves it, not through the process that writes.
 * - a real anvil with the contracts deployed, and the real indexer (indexer/src/main.ts, its follower alone:
 *   INDEXER_PAYOUTS=false) in its own process, at the product's polling defaults;
 * - two backend replicas (the built dist/main.js, as the single-process figures) in their own processes,
 *   behind a round-robin HTTP proxy in a process of its own (bench/round-robin-proxy.mjs);
 * - while the read mix runs through the proxy, BENCH_WRITES_PER_SEC (20) submissions and approvals a second go
 *   through the proxy too (so each replica sees half of them applied by the other), and BENCH_PAYOUTS_PER_SEC
 *   (20) `release` transactions a second are mined (one RewardReleased log each, sent from the releaser key
 *   by this process at a steady rate), which the indexer applies: a payout moves the read models (submission
 *   paid, leaderboard, notifications) from a third process.
 * Every process runs its projection runner, so every replica sees the read models move under it from the
 * others all the time: what its page cache does then is what this measures.
 * Figures: `listMultiProcessRps` / `listMultiProcessP99Ms` (saturation: autocannon, 50 connections through the
 * proxy, like `listUnderWrites*`), `listMultiProcessAtRateRps` / `listMultiProcessAtRateP99Ms` (the same mix
 * offered at BENCH_READ_RATE a second, open loop, like `listUnderWritesAtRate*`), the writes' rate and p99
 * under each, and `multiProcessPayoutLogsPerSec` (RewardReleased events the indexer stored per second of
 * the measured windows).
 */
import { ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { NestFactory } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import { withApplicationName } from './pg-cpu-by-client';
import { JsonRpcProvider, NonceManager, Transaction, Wallet, parseUnits } from 'ethers';
import { Client } from 'pg';
import { CentToken__factory, DEV_ACCOUNTS, DEV_DEPLOYER, DEV_RELEASER, TaskEscrow__factory, anvilBinary, deployContracts } from '@cent/contracts';
import { AppConfig, loadConfig } from '../src/config/app-config';
import { DomainModule } from '../src/domain.module';
import { escrowKey } from '../src/tasks/domain/escrow-key';
import { ReviewSubmissionCommand } from '../src/tasks/commands/review-submission.command';
import { SubmitProofCommand } from '../src/tasks/commands/submit-proof.command';
import { CreateTaskCommand } from '../src/tasks/commands/create-task.command';
import { taskEscrowTerms } from '../src/tasks/domain/task-escrow-terms';
import { RegisterUserCommand } from '../src/users/commands/register-user.command';
import { sample } from '../test/prometheus-sample';
import { TEST_SESSION_SECRET } from '../test/session-cookie';

const ROOT = path.resolve(__dirname, '..', '..');
const PAYOUTS_PER_SEC = Number(process.env.BENCH_PAYOUTS_PER_SEC ?? 20);
/** Payouts per funded task (its maxCompletions). */
const PER_TASK = 100;
const say = (m: string) => console.log(`[multi] ${m}`);

/** Every process started here, killed if this one exits first (a crash or a timeout must not leave them running). */
const started = new Set<ChildProcess>();
process.once('exit', () => {
  for (const p of started) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
});
// A timeout's or a Ctrl-C's signal ends this process through 'exit' (Node's default would skip it).
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => process.exit(128 + (signal === 'SIGTERM' ? 15 : 2)));
const track = (p: ChildProcess) => {
  started.add(p);
  p.once('exit', () => started.delete(p));
  return p;
};

export interface Chain {
  url: string;
  provider: JsonRpcProvider;
  pid: number;
  stop(): Promise<void>;
}

/** A real anvil on a port it picks itself (read from its output), automining. */
export async function startChain(): Promise<Chain> {
  // Old blocks' states go to a directory of its own, removed when anvil exits (SIGKILLed, anvil leaves them).
  const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'cent-bench-anvil-'));
  const proc = track(spawn(anvilBinary(), ['--port', '0', '--cache-path', cache], { stdio: ['ignore', 'pipe', 'ignore'] }));
  proc.once('exit', () => fs.rmSync(cache, { recursive: true, force: true }));
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('anvil did not start within 30 s')), 30_000);
    proc.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = out.match(/Listening on 127\.0\.0\.1:(\d+)/);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    proc.once('exit', (code) => reject(new Error(`anvil exited with ${code}`)));
  });
  proc.stdout!.resume(); // anvil logs every call: read and drop it so its pipe never fills
  const url = `http://127.0.0.1:${port}`;
  const provider = new JsonRpcProvider(url, 31337, { staticNetwork: true, pollingInterval: 50, cacheTimeout: -1 });
  return {
    url,
    provider,
    pid: proc.pid!,
    stop: async () => {
      provider.destroy();
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGKILL');
      await exited;
    },
  };
}

/** Passes a child's output on to this process's stderr, each line named (the bench's stdout ends with its figures). */
export function passOnNamed(name: string): (chunk: Buffer) => void {
  return (chunk) => process.stderr.write(chunk.toString().replace(/^(?=.)/gm, `[${name}] `));
}

/**
 * A child process, resolved once `ready` appears in its output; afterwards its output is passed on to stderr,
 * each line named (the services log warnings and errors as JSON on stdout; the bench's stdout ends with its figures).
 */
export function startChild(name: string, args: string[], env: NodeJS.ProcessEnv, ready: string, cwd = ROOT): Promise<ChildProcess> {
  const proc = track(spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] }));
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error(`${name} did not start within 90 s:\n${out.slice(-2000)}`)), 90_000);
    const onData = (c: Buffer) => {
      out += c.toString();
      if (!out.includes(ready)) return;
      clearTimeout(timer);
      proc.off('exit', onExit);
      const passOn = passOnNamed(name);
      proc.stdout!.off('data', onData).on('data', passOn);
      proc.stderr!.off('data', onData).on('data', passOn);
      resolve(proc);
    };
    const onExit = (code: number | null) => fail(new Error(`${name} exited (${code}):\n${out.slice(-2000)}`));
    const fail = (err: Error) => {
      clearTimeout(timer);
      proc.kill('SIGKILL');
      reject(err);
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', onData);
    proc.once('exit', onExit);
  });
}

export { track };

/** BENCH_CPU_PROF=<dir>: the backend servers and the indexer each write a CPU profile there when they stop. */
export function cpuProfileFlags(): string[] {
  return process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const killed = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(killed);
}

export interface Release {
  key: string;
  submissionId: number;
  recipient: string;
}

/** A `release` transaction signed ahead of the measured windows (`signReleases`), sent as is. */
export interface SignedRelease extends Release {
  raw: string;
}

/** The releaser's fees and gas for every bench release: explicit, so no estimate or fee query precedes a send. */
const RELEASE_FEES = { gasLimit: 200_000n, maxFeePerGas: parseUnits('10', 'gwei'), maxPriorityFeePerGas: parseUnits('1', 'gwei') };

/**
 * Signs every release up front, nonces in queue order from the releaser's next one. Signing (secp256k1 in
 * JavaScript, ~1–3 ms each) is the wallet's work, which in production runs in the indexer's payout worker, not
 * in a process beside the servers: done during a window, it took ~0.1 of the two cores the measured processes
 * share (stop 34's profile of the bench process). Sent in queue order, the nonces stay gapless.
 */
export async function signReleases(chain: Chain, escrowAddress: string, releases: Release[]): Promise<SignedRelease[]> {
  const signer = new Wallet(DEV_RELEASER.privateKey);
  const escrow = TaskEscrow__factory.connect(escrowAddress, chain.provider);
  const { chainId } = await chain.provider.getNetwork();
  let nonce = await chain.provider.getTransactionCount(DEV_RELEASER.address, 'pending');
  const signed: SignedRelease[] = [];
  for (const r of releases) {
    const tx = Transaction.from({
      type: 2, chainId, nonce: nonce++, to: escrowAddress, ...RELEASE_FEES,
      data: escrow.interface.encodeFunctionData('release', [r.key, r.submissionId, r.recipient]),
    });
    tx.signature = signer.signingKey.sign(tx.unsignedHash);
    signed.push({ ...r, raw: tx.serialized });
  }
  return signed;
}

/**
 * The chain side: contracts deployed, `count` approved submissions (payout requested) on tasks funded on chain
 * by a creator's wallet, the indexer running (it saw the fundings). Returns what to release and the env every
 * process shares.
 */
export async function payoutStage(dbUrl: string, chain: Chain, count: number, children: ChildProcess[]) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cent-bench-multi-'));
  const creatorAccount = DEV_ACCOUNTS[2];
  const deployment = await deployContracts({
    rpcUrl: chain.url,
    deployerPrivateKey: DEV_DEPLOYER.privateKey,
    releaserAddress: DEV_RELEASER.address,
    demoMintTo: [creatorAccount.address],
    demoMintAmount: parseUnits('100000000', 18),
    deploymentsDir: path.join(dataDir, 'deployments'),
  });
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL: dbUrl,
    RPC_URL: chain.url,
    CHAIN_ID: '31337',
    ESCROW_ADDRESS: deployment.escrow,
    TOKEN_ADDRESS: deployment.token,
    ESCROW_DEPLOYMENT_BLOCK: String(deployment.deploymentBlock),
    REVIEW_WINDOW_SECONDS: String(deployment.reviewWindow),
    CONFIRMATIONS: '0',
    SESSION_SECRET: TEST_SESSION_SECRET,
    DATA_DIR: dataDir,
    // The bench sends the releases itself, at a steady rate: the indexer only follows the chain.
    INDEXER_PAYOUTS: 'false',
  };
  const config: AppConfig = loadConfig({ ...env, LOG_LEVEL: 'warn' });
  const domain = await NestFactory.createApplicationContext(DomainModule.forRoot(config, dbUrl), { logger: ['error', 'warn'] });
  try {
    const commands = domain.get(CommandBus);
    const register = (wallet: string): Promise<number> =>
      commands.execute(new RegisterUserCommand({ method: 'wallet', walletAddress: wallet, username: null, email: null, passwordHash: null }));
    const creatorId = await register(creatorAccount.address);
    const creator = new NonceManager(new Wallet(creatorAccount.privateKey, chain.provider));
    await (await CentToken__factory.connect(deployment.token, creator).approve(deployment.escrow, 2n ** 255n)).wait();
    const escrow = TaskEscrow__factory.connect(deployment.escrow, creator);
    const deadline = new Date(Math.floor(Date.now() / 1000 + 7 * 86_400) * 1000);
    const tasks: Array<{ id: number; key: string }> = [];
    for (let i = 0; i < Math.ceil(count / PER_TASK); i++) {
      const id: number = await commands.execute(new CreateTaskCommand(creatorId, {
        title: `Payout task ${i}`, description: 'Paid out during the benchmark', requirements: 'None', category: 'Content', reward: 1,
        maxCompletions: PER_TASK, estimatedTime: 5, deadline, submissionType: 'text', isActive: true,
      }));
      const terms = taskEscrowTerms(id, 1, PER_TASK, deadline);
      await (await escrow.fund(id, terms.reward, terms.maxCompletions, terms.deadline)).wait();
      tasks.push({ id, key: escrowKey(creatorAccount.address, terms) });
    }
    children.push(await startChild('indexer', [...cpuProfileFlags(), path.join(ROOT, 'indexer', 'bin', 'run-ts.js'), 'src/main.ts'], { ...process.env, ...env, DATABASE_URL: withApplicationName(dbUrl, 'indexer') }, 'CENT indexer:', path.join(ROOT, 'indexer')));
    const db = new Client({ connectionString: dbUrl });
    await db.connect();
    try {
      for (let n = 0; ; n++) {
        const [{ funded }] = (await db.query(`SELECT count(*)::int AS funded FROM tasks WHERE id = ANY($1) AND funding_status = 'funded'`, [tasks.map((t) => t.id)])).rows;
        if (funded === tasks.length) break;
        if (n > 600) throw new Error(`the indexer saw ${funded} of ${tasks.length} fundings`);
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      await db.end();
    }
    // One chain of commands per task (commands on one task stream, run side by side, would only conflict).
    const releases: Release[] = [];
    await Promise.all(tasks.map(async (task, t) => {
      for (let k = 0; k < PER_TASK && t * PER_TASK + k < count; k++) {
        const recipient = Wallet.createRandom().address;
        const earnerId = await register(recipient);
        const submissionId: number = await commands.execute(new SubmitProofCommand(earnerId, task.id, { proofLink: null, proofText: 'done', proofFileUrl: null, notes: null }));
        await commands.execute(new ReviewSubmissionCommand({ id: creatorId, isAdmin: false }, submissionId, 'approved', null));
        releases.push({ key: task.key, submissionId, recipient });
      }
    }));
    say(`${tasks.length} tasks funded on chain, ${releases.length} approved submissions to pay`);
    // Signed now, outside every measured window (see signReleases).
    return { env, releases: await signReleases(chain, deployment.escrow, releases), escrow: deployment.escrow };
  } finally {
    await domain.close();
  }
}

/**
 * The signed `release` transactions at `perSec`, open loop (each due on the clock whatever the previous ones did),
 * one `eth_sendRawTransaction` each: the chain is not what is measured.
 */
export function startReleases(chain: Chain, queue: SignedRelease[], perSec: number) {
  let sent = 0;
  let failed = 0;
  let lastError = '';
  let stopped = false;
  const inFlight = new Set<Promise<void>>();
  const started = performance.now();
  let ranOut = false;
  const loop = (async () => {
    let due = started;
    while (!stopped) {
      const next = queue.shift();
      if (!next) {
        ranOut = true;
        break;
      }
      const p = chain.provider.send('eth_sendRawTransaction', [next.raw]).then(
        () => void sent++,
        (err: Error) => {
          failed++;
          lastError = err.message;
        },
      );
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
      due += 1000 / perSec;
      await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      await Promise.all(inFlight);
      const perSecond = Math.round((sent / ((performance.now() - started) / 1000)) * 10) / 10;
      if (failed) console.error(`releases: ${failed} failed, the last: ${lastError}`);
      if (ranOut) console.error('releases: ran out of approved submissions to pay: the payout stream stopped early');
      return { sent, failed, perSec: perSecond };
    },
  };
}

/** RewardReleased events in the store (what the indexer applied). */
export async function releasedCount(db: Client): Promise<number> {
  return (await db.query(`SELECT count(*)::int AS n FROM events WHERE event_type = 'RewardReleased'`)).rows[0].n;
}

export const PAYOUT_RATE = PAYOUTS_PER_SEC;

/** The list route's answers as the replicas' /metrics count them (GET, 200). */
const LIST_ROUTE = { method: 'GET', route: '/api/tasks', status_code: '200' };

/**
 * What the replicas themselves saw of a window (from their /metrics, read directly over loopback): how long
 * the list route took inside each server (not the time a request waited in a socket or the proxy), and their
 * event loops' delay (prom-client resets it at each scrape, so the scrape before a window starts it afresh).
 * Tells a server that is slow from a queue in front of it.
 */
export async function replicaSight(ports: number[]) {
  const scrape = () => Promise.all(ports.map(async (port) => (await fetch(`http://127.0.0.1:${port}/metrics`)).text()));
  /** Answers within each bucket bound (`le`), summed over the replicas. */
  const listBuckets = (pages: string[]) => {
    const bounds = new Set(pages.flatMap((page) => [...page.matchAll(/^http_request_duration_seconds_bucket\{[^}]*le="([^"]+)"/gm)].map((m) => m[1])));
    return new Map([...bounds].map((le) => [le, pages.reduce((n, page) => n + (sample(page, 'http_request_duration_seconds_bucket', { ...LIST_ROUTE, le }) ?? 0), 0)]));
  };
  const before = listBuckets(await scrape());
  return {
    async stop() {
      const pages = await scrape();
      const after = listBuckets(pages);
      const count = (after.get('+Inf') ?? 0) - (before.get('+Inf') ?? 0);
      const within: Record<string, number> = {};
      for (const [le, n] of after) {
        if (le !== '+Inf') within[`${Number(le) * 1000}ms`] = count ? Math.round((1000 * (n - (before.get(le) ?? 0))) / count) / 10 : 0;
      }
      const lag = pages.map((page) => ({
        p99Ms: Math.round((sample(page, 'nodejs_eventloop_lag_p99_seconds') ?? NaN) * 1000),
        maxMs: Math.round((sample(page, 'nodejs_eventloop_lag_max_seconds') ?? NaN) * 1000),
      }));
      return { listAnswers: count, percentWithin: within, eventLoopLag: lag };
    },
  };
}
