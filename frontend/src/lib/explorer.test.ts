import { describe, expect, it } from 'vitest';
import { explorerLink, shortChainValue } from './explorer';

const hash = `0x${'ab'.repeat(32)}`;
const address = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

describe('explorerLink (EIP-3091 paths)', () => {
  it('builds /tx, /address, /block and /token under the configured explorer, with or without a trailing slash', () => {
    expect(explorerLink('https://explorer.example', 'tx', hash)).toBe(`https://explorer.example/tx/${hash}`);
    expect(explorerLink('https://explorer.example/', 'address', address)).toBe(`https://explorer.example/address/${address}`);
    expect(explorerLink('http://localhost:3000/explorer//', 'token', address)).toBe(`http://localhost:3000/explorer/token/${address}`);
  });

  it('writes block numbers 0, 2^53-1 and 2^64 exactly (bigint, never a float)', () => {
    expect(explorerLink('https://x.example', 'block', 0)).toBe('https://x.example/block/0');
    expect(explorerLink('https://x.example', 'block', Number.MAX_SAFE_INTEGER)).toBe('https://x.example/block/9007199254740991');
    expect(explorerLink('https://x.example', 'block', 2n ** 64n)).toBe('https://x.example/block/18446744073709551616');
  });

  it('is null without a configured explorer', () => {
    expect(explorerLink(null, 'tx', hash)).toBeNull();
    expect(explorerLink(undefined, 'tx', hash)).toBeNull();
    expect(explorerLink('', 'tx', hash)).toBeNull();
  });
});

describe('shortChainValue', () => {
  it('keeps 6 + 4 of an address and 10 + 8 of a hash', () => {
    expect(shortChainValue('address', address)).toBe('0x5FbD...0aa3');
    expect(shortChainValue('token', address)).toBe('0x5FbD...0aa3');
    expect(shortChainValue('tx', hash)).toBe('0xabababab...abababab');
  });

  it('leaves short values and block numbers whole', () => {
    expect(shortChainValue('address', '0x1234')).toBe('0x1234');
    expect(shortChainValue('block', '123456789012345678901234567890')).toBe('123456789012345678901234567890');
  });
});
