import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import { REFUND_ABI, REFUND_REJECTED, refundErrorText } from './refund-errors';

const KEY = `0x${'ab'.repeat(32)}`;
const escrow = new Interface(REFUND_ABI);

/** The error ethers raises when a call reverts with `data` (how a failed gas estimate reaches the card). */
function revertOf(data: string): unknown {
  return escrow.makeError(data, { to: null, data: '0x' });
}

describe('refundErrorText', () => {
  it("says the wallet's rejection in plain words (EIP-1193 4001 and ethers' ACTION_REJECTED)", () => {
    expect(refundErrorText(Object.assign(new Error('User rejected the request.'), { code: 4001 }))).toBe(REFUND_REJECTED);
    expect(refundErrorText({ code: 'ACTION_REJECTED', message: 'user rejected action' })).toBe(REFUND_REJECTED);
  });

  it("names the escrow's reason for a revert decoded from the contract's custom errors", () => {
    const early = escrow.encodeErrorResult('RefundNotYetAvailable', [KEY, 1_800_000_000n, 1_700_000_000n]);
    expect(refundErrorText(revertOf(early))).toBe(
      "The refund is not open yet: the chain's clock has not passed the deadline plus the review window.",
    );
    expect(refundErrorText(revertOf(escrow.encodeErrorResult('NotFunder', [KEY, '0x0000000000000000000000000000000000000002'])))).toBe(
      'Only the wallet that funded this task can refund it.',
    );
    expect(refundErrorText(revertOf(escrow.encodeErrorResult('EscrowAlreadyRefunded', [KEY])))).toBe('This escrow has already been refunded.');
    expect(refundErrorText(revertOf(escrow.encodeErrorResult('NothingToRefund', [KEY])))).toMatch(/^Nothing is left in this escrow/);
  });

  it("falls back to ethers' short message, then the error's message", () => {
    expect(refundErrorText(revertOf('0xdeadbeef'))).toMatch(/execution reverted|could not/);
    expect(refundErrorText(new Error('Switch your wallet to 0xabc'))).toBe('Switch your wallet to 0xabc');
    expect(refundErrorText('plain')).toBe('plain');
  });
});
