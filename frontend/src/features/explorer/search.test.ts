import { describe, expect, it } from 'vitest';
import { searchTarget } from './search';

describe('searchTarget', () => {
  it('sends a tx hash, an address and a block number to their pages', () => {
    const hash = `0x${'aB'.repeat(32)}`;
    expect(searchTarget(` ${hash} `)).toBe(`/explorer/tx/${hash}`);
    expect(searchTarget('0x5FbDB2315678afecb367f032d93F642f64180aa3')).toBe('/explorer/address/0x5FbDB2315678afecb367f032d93F642f64180aa3');
    expect(searchTarget('0')).toBe('/explorer/block/0');
    expect(searchTarget('9007199254740991')).toBe('/explorer/block/9007199254740991');
  });

  it('refuses anything else', () => {
    for (const bad of ['', '0x', '0x123', `0x${'g'.repeat(40)}`, '-1', '01', '1.5', '12345678901234567', 'latest']) expect(searchTarget(bad)).toBeNull();
  });
});
