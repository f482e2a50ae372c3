import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import { APP_CONFIG, AppConfig, REPO_ROOT } from '../config/app-config';
import { deploymentFileOf, deploymentsDirOf } from './deployment-record';
import type { ContractVerificationLine, DeploymentVerificationView } from './explorer.views';

/** The command the server runs; the page names it so anyone can run the same check themselves. */
export const VERIFY_COMMAND = 'npm run verify-deployment';
/** Recompiling with solc takes seconds; a run that takes longer than this is stopped and reported. */
const RUN_TIMEOUT_MS = 180_000;
/** A run that could not check (chain down, no solc) is tried again after this long; a real answer is kept. */
const RETRY_AFTER_MS = 60_000;
const MAX_OUTPUT_CHARS = 4_000;

// verify-deployment's line per contract (contracts/scripts/verify-deployment.ts).
const LINE = /^(\w+) at (0x[0-9a-fA-F]{40}) \(chain (\d+), solc ([^)]+)\): (match|mismatch|no code)(?: — (.*))?$/;

/** Reads verify-deployment's output: one line per contract, exit 0 match, 1 mismatch, else it could not check. */
export function parseVerifyOutput(exitCode: number | null, stdout: string, stderr: string): Omit<DeploymentVerificationView, 'state' | 'command' | 'checkedAt'> {
  const contracts: ContractVerificationLine[] = [];
  for (const line of stdout.split('\n')) {
    const m = LINE.exec(line.trim());
    if (m) contracts.push({ contract: m[1], address: m[2], chainId: Number(m[3]), compilerVersion: m[4], status: m[5] as ContractVerificationLine['status'], detail: m[6] ?? null });
  }
  const output = `${stdout}${stderr ? `\n${stderr}` : ''}`.trim().slice(-MAX_OUTPUT_CHARS);
  if ((exitCode === 0 || exitCode === 1) && contracts.length) {
    const ok = exitCode === 0 && contracts.every((c) => c.status === 'match');
    return { result: ok ? 'match' : 'mismatch', exitCode, contracts, message: null, output };
  }
  const reason = /cannot verify: (.*)/.exec(stderr)?.[1] ?? /cannot verify: (.*)/.exec(stdout)?.[1];
  return { result: null, exitCode, contracts, message: reason ?? `${VERIFY_COMMAND} exited with ${exitCode ?? 'a signal'}`, output };
}

/**
 * Runs `npm run verify-deployment` (the contracts package's check: recompile the recorded standard-JSON input,
 * compare with the code on chain) in a child process, once per deployment record, and keeps the answer. The
 * record changing (a new deployment) starts a new run; a run that could not check is retried after a minute.
 */
@Injectable()
export class DeploymentVerificationService implements OnModuleDestroy {
  private readonly logger = new Logger('DeploymentVerification');
  private current: { recordKey: string; view: DeploymentVerificationView; finishedAt: number | null } | null = null;
  private child: ChildProcess | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  onModuleDestroy(): void {
    this.child?.kill('SIGKILL');
  }

  /** The latest answer, starting a run when there is none for the current record (or the last could not check). */
  status(): DeploymentVerificationView {
    const recordKey = this.recordKey();
    if (!recordKey) {
      return this.unavailable(`No deployment record for chain ${this.config.CHAIN_ID} in ${deploymentsDirOf(this.config)}`);
    }
    const c = this.current;
    const stale = !c || c.recordKey !== recordKey || (c.view.state === 'unavailable' && c.finishedAt !== null && Date.now() - c.finishedAt > RETRY_AFTER_MS);
    if (stale && !this.child) this.start(recordKey);
    return this.current!.view;
  }

  private recordKey(): string | null {
    try {
      const st = fs.statSync(deploymentFileOf(this.config));
      return `${st.mtimeMs}:${st.size}`;
    } catch {
      return null;
    }
  }

  private unavailable(message: string): DeploymentVerificationView {
    return { state: 'unavailable', result: null, command: VERIFY_COMMAND, exitCode: null, contracts: [], message, output: '', checkedAt: null };
  }

  private start(recordKey: string): void {
    const checking: DeploymentVerificationView = { ...this.unavailable(''), state: 'checking', message: null };
    this.current = { recordKey, view: checking, finishedAt: null };
    let stdout = '';
    let stderr = '';
    const child = spawn('npm', ['run', '--silent', 'verify-deployment'], {
      cwd: REPO_ROOT,
      env: { ...process.env, RPC_URL: this.config.RPC_URL, CENT_DEPLOYMENTS_DIR: deploymentsDirOf(this.config), npm_config_loglevel: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const timer = setTimeout(() => {
      stderr += `\ncannot verify: no answer within ${RUN_TIMEOUT_MS / 1000} s`;
      child.kill('SIGKILL');
    }, RUN_TIMEOUT_MS);
    child.stdout!.on('data', (d: Buffer) => (stdout = (stdout + d.toString()).slice(-64_000)));
    child.stderr!.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-64_000)));
    let finished = false;
    const finish = (code: number | null, spawnError?: Error) => {
      // 'error' (npm missing) may come with or without a 'close' after it: one answer.
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      this.child = null;
      if (spawnError) stderr += `\ncannot verify: ${spawnError.message}`;
      const parsed = parseVerifyOutput(code, stdout, stderr);
      const view: DeploymentVerificationView = {
        ...parsed, state: parsed.result ? 'done' : 'unavailable', command: VERIFY_COMMAND, checkedAt: new Date().toISOString(),
      };
      if (this.current?.recordKey === recordKey) this.current = { recordKey, view, finishedAt: Date.now() };
      this.logger.log(`${VERIFY_COMMAND}: ${view.result ?? `cannot verify (${view.message})`}`);
    };
    child.once('error', (e) => finish(null, e));
    child.once('close', (code) => finish(code));
  }
}
