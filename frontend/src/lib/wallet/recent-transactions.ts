import { useSyncExternalStore } from 'react';

/**
 * This browser's own record of the transactions a wallet sent through the app (funding, approval, refund), as
 * wallets' dapp UIs keep one: what was sent, when, and whether it is still pending. Kept per account in
 * localStorage (it survives a reload and is shared by tabs); only the app's own actions, never the chain's
 * whole history (the explorer has that).
 */
export type TxState = 'pending' | 'confirmed' | 'failed';

export interface RecentTx {
  hash: string;
  /** What the person did, in their words ("Fund task #12"). */
  label: string;
  state: TxState;
  /** Milliseconds since the epoch, this browser's clock. */
  sentAt: number;
}

/** The newest this many per account are kept. */
export const RECENT_TX_LIMIT = 10;

const storageKey = (account: string) => `cent.wallet.txs.${account.toLowerCase()}`;
const listeners = new Set<() => void>();
const snapshots = new Map<string, { raw: string | null; list: RecentTx[] }>();
const EMPTY: RecentTx[] = [];

function isRecentTx(x: unknown): x is RecentTx {
  const t = x as RecentTx;
  return !!t && typeof t.hash === 'string' && /^0x[0-9a-fA-F]{64}$/.test(t.hash) && typeof t.label === 'string' &&
    (t.state === 'pending' || t.state === 'confirmed' || t.state === 'failed') && Number.isFinite(t.sentAt);
}

/** The account's transactions, newest first (a stable array while nothing changed, as useSyncExternalStore needs). */
export function recentTransactions(account: string): RecentTx[] {
  const key = storageKey(account);
  const raw = localStorage.getItem(key);
  const cached = snapshots.get(key);
  if (cached && cached.raw === raw) return cached.list;
  let list: RecentTx[] = [];
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    // Whatever another version (or a hand) left there: only well-formed entries are shown.
    if (Array.isArray(parsed)) list = parsed.filter(isRecentTx);
  } catch {
    list = [];
  }
  snapshots.set(key, { raw, list });
  return list;
}

function write(account: string, list: RecentTx[]): void {
  try {
    localStorage.setItem(storageKey(account), JSON.stringify(list.slice(0, RECENT_TX_LIMIT)));
  } catch {
    // Storage full or refused (private mode): the list is a convenience, the chain has the truth.
  }
  listeners.forEach((l) => l());
}

/** A transaction the wallet just sent (pending); the same hash again only refreshes its label. */
export function recordTransaction(account: string, tx: { hash: string; label: string }, now = Date.now()): void {
  const rest = recentTransactions(account).filter((t) => t.hash.toLowerCase() !== tx.hash.toLowerCase());
  write(account, [{ hash: tx.hash, label: tx.label, state: 'pending', sentAt: now }, ...rest]);
}

/** The transaction was mined (confirmed) or reverted / dropped (failed). Unknown hashes are ignored. */
export function settleTransaction(account: string, hash: string, state: Exclude<TxState, 'pending'>): void {
  const list = recentTransactions(account);
  if (!list.some((t) => t.hash.toLowerCase() === hash.toLowerCase())) return;
  write(account, list.map((t) => (t.hash.toLowerCase() === hash.toLowerCase() ? { ...t, state } : t)));
}

/**
 * Settles the pending ones whose receipt the wallet's node now has (a transaction sent before a reload or in
 * another tab). A transaction without a receipt stays pending.
 */
export async function recheckPending(account: string, request: (args: { method: string; params?: unknown[] }) => Promise<unknown>): Promise<void> {
  for (const t of recentTransactions(account).filter((x) => x.state === 'pending')) {
    const receipt = (await request({ method: 'eth_getTransactionReceipt', params: [t.hash] }).catch(() => null)) as { status?: string } | null;
    if (receipt && typeof receipt.status === 'string') settleTransaction(account, t.hash, BigInt(receipt.status) === 1n ? 'confirmed' : 'failed');
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's change arrives as a storage event.
  const onStorage = (e: StorageEvent) => e.key?.startsWith('cent.wallet.txs.') && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useRecentTransactions(account: string | null): RecentTx[] {
  return useSyncExternalStore(subscribe, () => (account ? recentTransactions(account) : EMPTY));
}
