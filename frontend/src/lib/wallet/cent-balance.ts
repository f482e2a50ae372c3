import { useEffect, useRef, useState } from 'react';
import type { Eip1193Provider } from './eip1193';

/** ERC-20 `balanceOf(address)` selector: one eth_call, no ethers needed (it loads only for a wallet action). */
const BALANCE_OF = '0x70a08231';

/** The CENT balance (base units) of `account`, read through the wallet (its current network). */
export async function readCentBalance(wallet: Pick<Eip1193Provider, 'request'>, token: string, account: string): Promise<bigint> {
  const data = BALANCE_OF + account.toLowerCase().replace(/^0x/, '').padStart(64, '0');
  const answer = await wallet.request({ method: 'eth_call', params: [{ to: token, data }, 'latest'] });
  if (typeof answer !== 'string' || !/^0x[0-9a-fA-F]*$/.test(answer)) throw new Error('The wallet gave no balance');
  return answer === '0x' ? 0n : BigInt(answer);
}

/**
 * The connected account's CENT balance, or null while unknown (no wallet, no token, read failed). `refreshKey`
 * reads it again (e.g. after a funding).
 */
export function useCentBalance(wallet: Pick<Eip1193Provider, 'request'> | null, token: string | null | undefined, account: string | null, refreshKey: unknown = 0): bigint | null {
  const [balance, setBalance] = useState<bigint | null>(null);
  // The wallet object changes identity on every render of its provider; the read depends on what it reads.
  const walletRef = useRef(wallet);
  walletRef.current = wallet;
  const connected = wallet !== null;
  useEffect(() => {
    setBalance(null);
    const w = walletRef.current;
    if (!w || !token || !account) return;
    let live = true;
    readCentBalance(w, token, account)
      .then((b) => live && setBalance(b))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [connected, token, account, refreshKey]);
  return balance;
}
