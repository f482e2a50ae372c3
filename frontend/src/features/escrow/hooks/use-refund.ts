import { useCallback, useState } from 'react';
import { usePublicConfig } from '@/lib/config/config-api';
import { escrowApi } from '@/lib/escrow/escrow-api';
import { useAppDispatch } from '@/lib/store-hooks';
import { isMobileBrowser } from '@/lib/wallet/discovery';
import { ensureNetwork } from '@/lib/wallet/network';
import { recordTransaction, settleTransaction } from '@/lib/wallet/recent-transactions';
import { useWallet } from '@/lib/wallet/wallet-context';
import type { Task } from '@/types/api';
import { REFUND_ABI, refundErrorText } from '../refund-errors';

/** Where the creator's refund transaction is: each step is shown on the card, with the transaction once sent. */
export type RefundProgress =
  | { phase: 'idle' }
  | { phase: 'signing' }
  | { phase: 'sent'; txHash: string }
  | { phase: 'confirmed'; txHash: string; blockNumber: number; amount: bigint }
  | { phase: 'failed'; error: string; txHash: string | null };

const REFUNDED_EVENT = 'event TaskRefunded(bytes32 indexed key, address indexed funder, uint256 amount)';

/**
 * Sends `refund(escrowKey)` from the creator's own wallet (the platform cannot: only the funder may refund), on
 * the product's chain, and follows it to its receipt; then asks the app to re-read the escrow, the task and the
 * dashboard so the refund the indexer records shows up.
 */
export function useRefund(task: Task) {
  const wallet = useWallet();
  const config = usePublicConfig();
  const dispatch = useAppDispatch();
  const [progress, setProgress] = useState<RefundProgress>({ phase: 'idle' });

  const refund = useCallback(async () => {
    const funding = task.funding;
    if (!funding?.escrowKey) return;
    setProgress({ phase: 'signing' });
    let txHash: string | null = null;
    let sender: string | null = null;
    try {
      const address = wallet.address ?? (await wallet.connect({ quiet: true }));
      sender = address;
      if (funding.funder && address.toLowerCase() !== funding.funder.toLowerCase()) {
        throw new Error(`Switch your wallet to ${funding.funder}: only the wallet that funded the task can refund it.`);
      }
      const chainId = String(await wallet.request({ method: 'eth_chainId' })).toLowerCase();
      if (config && wallet.provider && chainId !== config.chainIdHex.toLowerCase()) {
        await ensureNetwork(wallet.provider, config, isMobileBrowser());
      }
      const { BrowserProvider, Contract, Interface } = await import('ethers');
      const signer = await new BrowserProvider({ request: wallet.request }).getSigner(address);
      const escrow = new Contract(funding.escrowAddress, [...REFUND_ABI, REFUNDED_EVENT], signer);
      const tx = (await escrow.refund(funding.escrowKey)) as { hash: string; wait(): Promise<Receipt | null> };
      txHash = tx.hash;
      recordTransaction(address, { hash: tx.hash, label: `Refund task #${task.id}` });
      setProgress({ phase: 'sent', txHash: tx.hash });
      const receipt = await tx.wait();
      settleTransaction(address, tx.hash, 'confirmed');
      const events = new Interface([REFUNDED_EVENT]);
      const amount = (receipt?.logs ?? [])
        .filter((l) => l.address.toLowerCase() === funding.escrowAddress.toLowerCase())
        .map((l) => events.parseLog(l))
        .find((parsed) => parsed?.name === 'TaskRefunded')?.args.amount as bigint | undefined;
      setProgress({ phase: 'confirmed', txHash: tx.hash, blockNumber: receipt?.blockNumber ?? 0, amount: amount ?? 0n });
    } catch (e) {
      if (sender && txHash) settleTransaction(sender, txHash, 'failed');
      setProgress({ phase: 'failed', error: refundErrorText(e), txHash });
    } finally {
      dispatch(escrowApi.util.invalidateTags([{ type: 'Escrow', id: task.id }, 'Dashboard', { type: 'Task', id: task.id }]));
    }
  }, [task, wallet, config, dispatch]);

  return { progress, refund };
}

interface Receipt {
  blockNumber: number;
  logs: ReadonlyArray<{ address: string; topics: ReadonlyArray<string>; data: string }>;
}
