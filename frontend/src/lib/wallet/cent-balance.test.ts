import { describe, expect, it } from 'vitest';
import { readCentBalance } from './cent-balance';

/** A wallet answering eth_call with `answer` and recording what it was asked. */
function wallet(answer: unknown) {
  const asked: unknown[] = [];
  return { asked, request: async (args: { method: string; params?: unknown }) => (asked.push(args), answer) };
}

describe('readCentBalance: one balanceOf eth_call through the wallet', () => {
  it('encodes balanceOf(account) and reads the uint256 exactly (0, 1, 2^255-1, 2^256-1)', async () => {
    const w = wallet('0x' + (2n ** 256n - 1n).toString(16));
    expect(await readCentBalance(w, '0xToken', '0xAbCdEf0000000000000000000000000000000001')).toBe(2n ** 256n - 1n);
    expect(w.asked[0]).toEqual({
      method: 'eth_call',
      params: [{ to: '0xToken', data: '0x70a08231000000000000000000000000abcdef0000000000000000000000000000000001' }, 'latest'],
    });
    expect(await readCentBalance(wallet('0x' + '0'.repeat(64)), '0xT', '0x1')).toBe(0n);
    expect(await readCentBalance(wallet('0x'), '0xT', '0x1')).toBe(0n);
    expect(await readCentBalance(wallet('0x01'), '0xT', '0x1')).toBe(1n);
    expect(await readCentBalance(wallet('0x' + (2n ** 255n - 1n).toString(16)), '0xT', '0x1')).toBe(2n ** 255n - 1n);
  });

  it('refuses an answer that is not hex', async () => {
    await expect(readCentBalance(wallet(null), '0xT', '0x1')).rejects.toThrow('The wallet gave no balance');
    await expect(readCentBalance(wallet('oops'), '0xT', '0x1')).rejects.toThrow('The wallet gave no balance');
  });
});
