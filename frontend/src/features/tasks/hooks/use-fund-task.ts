import { useCallback, useState } from 'react';
import { toaster } from '@/components/ui/toaster';
import { authApi } from '@/lib/auth/auth-api';
import { useAuth } from '@/lib/auth/auth-context';
import { shortAddress } from '@/lib/display-name';
import { errorText } from '@/lib/http-error';
import { useAppDispatch } from '@/lib/store-hooks';
import { USER_REJECTED, walletErrorCode } from '@/lib/wallet/eip1193';
import { signMessage } from '@/lib/wallet/sign-message';
import { useWallet } from '@/lib/wallet/wallet-context';
import type { Task } from '@/types/api';
import { tasksApi } from '../api';
import { fundTask, type FundStep } from '../funding/fund-task';
import { fundingTerms } from '../funding/funding-terms';

export interface FundState {
  step: FundStep | 'idle';
  running: boolean;
  method?: 'permit' | 'approve';
  txHash?: string;
  error?: string;
}

export const FUNDING_REJECTED = 'You rejected the transaction in your wallet. The task is saved: fund it any time from "Your tasks awaiting funding".';
// The app lists a mined funding within ~0.5 s at p95 (`npm run bench:live`, fundingSeenP95Ms): a 1 s poll
// added up to a second to what the person waits; 250 ms for up to 90 s.
const SEEN_POLL_MS = 250;
const SEEN_POLL_TRIES = 360;

/**
 * Funds a saved task from the connected wallet (spec's creation flow, DESIGN "Create task"): connect,
 * make sure the wallet is the one linked to the account (linking it with a signed challenge when the
 * account has none), fund, then wait until the app has seen the funding (the indexer listed the task).
 */
export function useFundTask() {
  const wallet = useWallet();
  const { user } = useAuth();
  const dispatch = useAppDispatch();
  const [challenge] = authApi.useChallengeMutation();
  const [linkWallet] = authApi.useLinkWalletMutation();
  const [state, setState] = useState<FundState>({ step: 'saved', running: false });

  const waitUntilSeen = useCallback(
    async (id: number) => {
      for (let i = 0; i < SEEN_POLL_TRIES; i++) {
        const sub = dispatch(tasksApi.endpoints.task.initiate(id, { forceRefetch: true }));
        const task = await sub.unwrap().catch(() => null);
        sub.unsubscribe();
        if (task && fundingTerms(task, null)?.status === 'funded') return true;
        await new Promise((r) => setTimeout(r, SEEN_POLL_MS));
      }
      return false;
    },
    [dispatch],
  );

  const fund = useCallback(
    async (task: Task): Promise<boolean> => {
      setState({ step: 'saved', running: true });
      try {
        const account = wallet.address ?? (await wallet.connect({ quiet: true }));
        const terms = fundingTerms(task, user?.walletAddress ?? null);
        if (!terms) throw new Error('Funding is not configured on this deployment (no token or escrow address).');
        const funder = terms.funder ?? user?.walletAddress ?? null;
        if (funder && funder.toLowerCase() !== account.toLowerCase()) {
          throw new Error(`Fund this task from the wallet linked to your account (${shortAddress(funder)}); the connected wallet is ${shortAddress(account)}.`);
        }
        if (!funder) {
          // A password account without a wallet: link this one first (the only wallet whose funding counts).
          const { message } = await challenge(account).unwrap();
          const signature = await signMessage(wallet, account, message);
          await linkWallet({ walletAddress: account, signature, message }).unwrap();
          terms.funder = account;
        }
        toaster.create({ type: 'info', title: 'Blockchain Transaction', description: 'Please confirm the transaction in your wallet.' });
        const { txHash, method } = await fundTask({
          wallet: { request: wallet.request },
          account,
          terms,
          onStep: (step, info) => setState((s) => ({ ...s, step, ...(info?.method ? { method: info.method } : {}), ...(info?.txHash ? { txHash: info.txHash } : {}) })),
        });
        toaster.create({ type: 'success', title: 'Transaction Successful', description: 'Tokens have been escrowed for the task reward.' });
        const seen = await waitUntilSeen(task.id);
        dispatch(tasksApi.util.invalidateTags([{ type: 'Task', id: 'LIST' }, 'Dashboard']));
        if (!seen) throw new Error('The funding is confirmed on chain but the app has not seen it yet. It will appear shortly.');
        setState({ step: 'seen', running: false, method, txHash });
        return true;
      } catch (e) {
        const message =
          walletErrorCode(e) === USER_REJECTED ? FUNDING_REJECTED : errorText(e, 'Failed to escrow tokens. Please try again.');
        toaster.create({ type: 'error', title: 'Blockchain Error', description: message });
        setState((s) => ({ ...s, running: false, error: message }));
        dispatch(tasksApi.util.invalidateTags(['Dashboard']));
        return false;
      }
    },
    [wallet, user, challenge, linkWallet, waitUntilSeen, dispatch],
  );

  return { state, fund };
}
