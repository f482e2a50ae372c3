import type { WalletContextValue } from './wallet-context';

const utf8Hex = (text: string) =>
  '0x' + Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, '0')).join('');

/** personal_sign of a text (sent hex-encoded UTF-8, as wallets expect) by `address`. */
export async function signMessage(wallet: Pick<WalletContextValue, 'request'>, address: string, message: string): Promise<string> {
  return String(await wallet.request({ method: 'personal_sign', params: [utf8Hex(message), address] }));
}
