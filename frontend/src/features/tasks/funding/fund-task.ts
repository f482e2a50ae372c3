import { formatBaseUnits } from '@/lib/money';
import { recordTransaction, settleTransaction } from '@/lib/wallet/recent-transactions';
import { USER_REJECTED, walletErrorCode, type Eip1193Provider } from '@/lib/wallet/eip1193';
import type { FundingTerms } from './funding-terms';

export type FundStep = 'saved' | 'signature' | 'sent' | 'confirmed' | 'seen';

const TOKEN_ABI = [
  'function balanceOf(address) view returns (uint256)',
  'function allowance(address owner, address spender) view returns (uint256)',
  'function approve(address spender, uint256 amount) returns (bool)',
  'function name() view returns (string)',
  'function nonces(address owner) view returns (uint256)',
  'function eip712Domain() view returns (bytes1 fields, string name, string version, uint256 chainId, address verifyingContract, bytes32 salt, uint256[] extensions)',
];
const ESCROW_ABI = [
  'function fund(uint256 taskId, uint128 reward, uint32 maxCompletions, uint64 deadline)',
  'function fundWithPermit(uint256 taskId, uint128 reward, uint32 maxCompletions, uint64 deadline, uint256 permitDeadline, uint8 v, bytes32 r, bytes32 s)',
];

export const insufficientBalanceMessage = (amount: string) => `Insufficient CENT balance. You need at least ${formatBaseUnits(amount)} CENT.`;

/** The wallet cannot sign typed data (method unknown or unsupported), as opposed to the person refusing. */
function typedDataUnsupported(e: unknown): boolean {
  const code = walletErrorCode(e);
  if (code === USER_REJECTED) return false;
  if (code === 4200 || code === -32601 || code === 4100) return true;
  return /not supported|unsupported|does not exist|not available/i.test(String((e as Error)?.message ?? ''));
}

type SentTx = { hash: string; wait(): Promise<{ status?: number | null } | null> };

/** Waits for a sent transaction's receipt, keeping this browser's list of the wallet's transactions up to date. */
async function followed(account: string, tx: SentTx, label: string): Promise<{ status?: number | null } | null> {
  recordTransaction(account, { hash: tx.hash, label });
  try {
    const receipt = await tx.wait();
    settleTransaction(account, tx.hash, receipt && receipt.status === 0 ? 'failed' : 'confirmed');
    return receipt;
  } catch (e) {
    settleTransaction(account, tx.hash, 'failed');
    throw e;
  }
}

/**
 * Funds a task's escrow from the connected wallet with exactly the terms the app decided:
 * balance check, then ONE `fundWithPermit` transaction when the wallet signs an ERC-2612 permit
 * (eth_signTypedData_v4), else `approve` (only if the allowance is short) + `fund`. ethers is loaded here,
 * on this wallet action only. Resolves the funding transaction hash once it is confirmed.
 */
export async function fundTask(opts: {
  wallet: Eip1193Provider;
  account: string;
  terms: FundingTerms;
  onStep(step: FundStep, info?: { txHash?: string; method?: 'permit' | 'approve' }): void;
}): Promise<{ txHash: string; method: 'permit' | 'approve' }> {
  const { BrowserProvider, Contract, Signature } = await import('ethers');
  const { terms, account, onStep } = opts;
  const provider = new BrowserProvider(opts.wallet, terms.chainId);
  // ethers polls for the receipt every 4 s by default: "Confirmed" came up to 4 s after the block.
  provider.pollingInterval = 250;
  const signer = await provider.getSigner(account);
  const token = new Contract(terms.tokenAddress, TOKEN_ABI, signer);
  const escrow = new Contract(terms.escrowAddress, ESCROW_ABI, signer);
  const amount = BigInt(terms.amount);
  const { taskId, reward, maxCompletions, deadline } = terms.args;

  const balance = (await token.balanceOf(account)) as bigint;
  if (balance < amount) throw new Error(insufficientBalanceMessage(terms.amount));

  onStep('signature', { method: 'permit' });
  let permit: { v: number; r: string; s: string; deadline: bigint } | null = null;
  try {
    const [name, nonce, version] = await Promise.all([
      token.name() as Promise<string>,
      token.nonces(account) as Promise<bigint>,
      (token.eip712Domain() as Promise<[string, string, string]>).then((d) => d[2]).catch(() => '1'),
    ]);
    const permitDeadline = BigInt(Math.floor(Date.now() / 1000) + 3600);
    const sig = await signer.signTypedData(
      { name, version, chainId: terms.chainId, verifyingContract: terms.tokenAddress },
      { Permit: [
        { name: 'owner', type: 'address' }, { name: 'spender', type: 'address' }, { name: 'value', type: 'uint256' },
        { name: 'nonce', type: 'uint256' }, { name: 'deadline', type: 'uint256' },
      ] },
      { owner: account, spender: terms.escrowAddress, value: amount, nonce, deadline: permitDeadline },
    );
    const s = Signature.from(sig);
    permit = { v: s.v, r: s.r, s: s.s, deadline: permitDeadline };
  } catch (e) {
    if (!typedDataUnsupported(e)) throw e;
  }

  let tx: SentTx;
  if (permit) {
    tx = await escrow.fundWithPermit(taskId, reward, maxCompletions, deadline, permit.deadline, permit.v, permit.r, permit.s);
  } else {
    onStep('signature', { method: 'approve' });
    const allowance = (await token.allowance(account, terms.escrowAddress)) as bigint;
    if (allowance < amount) {
      const approval = (await token.approve(terms.escrowAddress, amount)) as SentTx;
      await followed(account, approval, `Approve CENT for task #${taskId}`);
    }
    tx = await escrow.fund(taskId, reward, maxCompletions, deadline);
  }
  onStep('sent', { txHash: tx.hash });
  const receipt = await followed(account, tx, `Fund task #${taskId}`);
  if (receipt && receipt.status === 0) throw new Error('The funding transaction failed on chain');
  onStep('confirmed', { txHash: tx.hash });
  return { txHash: tx.hash, method: permit ? 'permit' : 'approve' };
}
