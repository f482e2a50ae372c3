import type { APIRequestContext, Page } from 'playwright-core';
import { Contract, JsonRpcProvider, NonceManager, Wallet, id as keccakText, parseUnits, toBeHex } from 'ethers';
import { expect } from 'vitest';
import { DEV_KEYS } from './chain';

/**
 * Journeys' own actors, made through the API where the UI path is not what a journey tests: fresh wallets
 * (ETH set by anvil, CENT minted), SIWE sessions in a browser profile's cookie jar, tasks created and funded
 * on chain exactly as the creator's wallet would.
 */

/** The admin of the journeys' product: made admin by ADMIN_WALLETS when global-setup starts it. */
export const E2E_ADMIN_KEY = keccakText('cent-tasks e2e admin');
export const E2E_ADMIN_ADDRESS = new Wallet(E2E_ADMIN_KEY).address;

const TOKEN_ABI = [
  'function mint(address to, uint256 amount)',
  'function approve(address spender, uint256 amount) returns (bool)',
  'function balanceOf(address) view returns (uint256)',
];
const ESCROW_ABI = ['function fund(uint256 taskId, uint128 reward, uint32 maxCompletions, uint64 deadline)'];

export interface Product {
  baseUrl: string;
  rpcUrl: string;
  tokenAddress: string;
  escrowAddress: string;
}

/** A new wallet with 10 ETH for gas (anvil_setBalance) and `cent` CENT minted to it. */
export async function newWallet(p: Product, cent = 0, key = Wallet.createRandom().privateKey): Promise<Wallet> {
  const provider = new JsonRpcProvider(p.rpcUrl, 31337, { staticNetwork: true, cacheTimeout: -1 });
  const w = new Wallet(key, provider);
  await provider.send('anvil_setBalance', [w.address, toBeHex(parseUnits('10', 18))]);
  if (cent > 0) {
    const minter = new NonceManager(new Wallet(DEV_KEYS[0], provider));
    await (await new Contract(p.tokenAddress, TOKEN_ABI, minter).mint(w.address, parseUnits(String(cent), 18))).wait();
  }
  return w;
}

/** Signs in `wallet` with SIWE in this browser profile's cookie jar (the page then is that user). */
export async function signInApi(request: APIRequestContext, p: Product, wallet: Wallet, username?: string): Promise<{ id: number }> {
  const headers = { Origin: p.baseUrl };
  const challenge = await request.get(`${p.baseUrl}/api/auth/challenge?address=${wallet.address}`);
  expect(challenge.status()).toBe(200);
  const { message } = (await challenge.json()) as { message: string };
  const signature = await wallet.signMessage(message);
  const res = await request.post(`${p.baseUrl}/api/auth/web3`, { headers, data: { walletAddress: wallet.address, signature, message } });
  expect(res.status(), await res.text()).toBeLessThan(300);
  const user = (await res.json()) as { id: number };
  if (username) {
    const named = await request.post(`${p.baseUrl}/api/user/update-username`, { headers, data: { username } });
    expect(named.status(), await named.text()).toBe(200);
  }
  return user;
}

export interface CreatedTask {
  id: number;
  reward: number;
  maxCompletions: number;
  deadline: string;
  chainTaskId: string;
  fundingStatus?: string;
  /** The escrow-v2 funding object, once the backend sends it. */
  funding?: { status: string; escrowKey: string | null; refundableAt?: string; args: { deadline: string } };
}

/** Creates a task as the signed-in creator and funds it from `creator`'s wallet; resolves once the app lists it as funded. */
export async function createFundedTask(
  request: APIRequestContext,
  p: Product,
  creator: Wallet,
  task: { title: string; reward: number; maxCompletions: number; submissionType?: string; deadlineInSeconds?: number; category?: string; reviewWithinHours?: number },
): Promise<CreatedTask> {
  const deadline = new Date(Date.now() + (task.deadlineInSeconds ?? 7 * 86400) * 1000);
  const res = await request.post(`${p.baseUrl}/api/tasks`, {
    headers: { Origin: p.baseUrl },
    data: {
      title: task.title,
      description: `Journey task: ${task.title}`,
      requirements: 'Post a link and a short text describing what you did.',
      category: task.category ?? 'Content',
      submissionType: task.submissionType ?? 'mixed',
      reward: task.reward,
      maxCompletions: task.maxCompletions,
      estimatedTime: 10,
      deadline: deadline.toISOString(),
      isActive: true,
      ...(task.reviewWithinHours ? { reviewWithinHours: task.reviewWithinHours } : {}),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const created = (await res.json()) as CreatedTask;
  const chainDeadline = created.funding?.args.deadline ?? String(Math.floor(new Date(created.deadline).getTime() / 1000));
  const token = new Contract(p.tokenAddress, TOKEN_ABI, creator);
  const escrow = new Contract(p.escrowAddress, ESCROW_ABI, creator);
  const reward = parseUnits(String(task.reward), 18);
  await (await token.approve(p.escrowAddress, reward * BigInt(task.maxCompletions))).wait();
  await (await escrow.fund(created.chainTaskId, reward, task.maxCompletions, chainDeadline)).wait();
  return waitUntil(async () => {
    const t = (await (await request.get(`${p.baseUrl}/api/tasks/${created.id}`)).json()) as CreatedTask;
    return (t.funding?.status ?? t.fundingStatus) === 'funded' ? t : null;
  }, `task ${created.id} funded`);
}

/** Submits link + text proof as the signed-in earner. */
export async function submitProof(request: APIRequestContext, p: Product, taskId: number, text: string, notes = 'Journey notes'): Promise<{ id: number }> {
  const res = await request.post(`${p.baseUrl}/api/submissions`, {
    headers: { Origin: p.baseUrl },
    data: { taskId, proofLink: 'https://example.org/my-proof', proofText: text, notes },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number };
}

/** Polls `read` until it answers non-null (hooks run outside a test, where expect.poll is unavailable). */
export async function waitUntil<T>(read: () => Promise<T | null>, what: string, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (v !== null) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The open dialog (Chakra renders it in a portal). */
export const dialog = (page: Page, name = 'Review Submission') => page.getByRole('dialog', { name });
