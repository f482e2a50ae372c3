import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { recentTransactions, recheckPending, RECENT_TX_LIMIT, recordTransaction, settleTransaction, useRecentTransactions } from './recent-transactions';

const A = '0x00000000000000000000000000000000000000aA';
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;

describe('recent transactions (this browser, per wallet)', () => {
  afterEach(() => localStorage.clear());

  it('records a sent transaction as pending, newest first, per account (any address case)', () => {
    recordTransaction(A, { hash: hash(1), label: 'Approve CENT for task #3' }, 1000);
    recordTransaction(A.toLowerCase(), { hash: hash(2), label: 'Fund task #3' }, 2000);
    expect(recentTransactions(A)).toEqual([
      { hash: hash(2), label: 'Fund task #3', state: 'pending', sentAt: 2000 },
      { hash: hash(1), label: 'Approve CENT for task #3', state: 'pending', sentAt: 1000 },
    ]);
    expect(recentTransactions('0x' + 'b'.repeat(40))).toEqual([]);
  });

  it('settles by hash, ignores unknown hashes, keeps only the newest entries', () => {
    recordTransaction(A, { hash: hash(1), label: 'Fund task #1' });
    settleTransaction(A, hash(1).toUpperCase().replace('0X', '0x'), 'confirmed');
    settleTransaction(A, hash(99), 'failed');
    expect(recentTransactions(A).map((t) => [t.hash, t.state])).toEqual([[hash(1), 'confirmed']]);
    for (let i = 2; i <= RECENT_TX_LIMIT + 5; i++) recordTransaction(A, { hash: hash(i), label: `Fund task #${i}` });
    const list = recentTransactions(A);
    expect(list).toHaveLength(RECENT_TX_LIMIT);
    expect(list[0].hash).toBe(hash(RECENT_TX_LIMIT + 5));
  });

  it('shows only well-formed entries of whatever is stored', () => {
    localStorage.setItem(`cent.wallet.txs.${A.toLowerCase()}`, JSON.stringify([{ hash: 'nope' }, { hash: hash(5), label: 'x', state: 'pending', sentAt: 1 }, 7]));
    expect(recentTransactions(A).map((t) => t.hash)).toEqual([hash(5)]);
    localStorage.setItem(`cent.wallet.txs.${A.toLowerCase()}`, '{not json');
    expect(recentTransactions(A)).toEqual([]);
  });

  it('settles pending ones from the node: mined (status 1), reverted (status 0), still unknown (no receipt)', async () => {
    recordTransaction(A, { hash: hash(1), label: 'a' });
    recordTransaction(A, { hash: hash(2), label: 'b' });
    recordTransaction(A, { hash: hash(3), label: 'c' });
    const receipts: Record<string, unknown> = { [hash(1)]: { status: '0x1' }, [hash(2)]: { status: '0x0' }, [hash(3)]: null };
    await recheckPending(A, async ({ params }) => receipts[(params as string[])[0]]);
    expect(Object.fromEntries(recentTransactions(A).map((t) => [t.label, t.state]))).toEqual({ a: 'confirmed', b: 'failed', c: 'pending' });
  });

  it('re-renders its readers when a transaction is recorded or settled', () => {
    const { result } = renderHook(() => useRecentTransactions(A));
    expect(result.current).toEqual([]);
    act(() => recordTransaction(A, { hash: hash(1), label: 'Refund task #9' }));
    expect(result.current.map((t) => t.state)).toEqual(['pending']);
    act(() => settleTransaction(A, hash(1), 'confirmed'));
    expect(result.current.map((t) => t.state)).toEqual(['confirmed']);
  });
});
