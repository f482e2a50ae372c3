import { Interface } from 'ethers';
import { escrowInterface } from '../chain/escrow-logs';
import { RpcError } from '../chain/json-rpc';
import { classifyRevert, decodeRevert, isRevert } from './revert-classifier';

/** A node's answer to a reverting eth_call / eth_estimateGas, carrying the revert data. */
const revert = (data: unknown, message = 'execution reverted') => new RpcError('eth_call', 3, message, data);
const errorData = (name: string, args: unknown[]) => escrowInterface.encodeErrorResult(name, args);
const KEY = '0x' + '11'.repeat(32);

describe('revert classification (custom errors decoded through the escrow ABI)', () => {
  it('decodes an escrow error with its arguments and calls the unfixable ones permanent', () => {
    expect(classifyRevert(revert(errorData('ReleaseWindowClosed', [KEY, 100, 101])))).toEqual({
      kind: 'permanent',
      reason: `ReleaseWindowClosed(${KEY}, 100, 101)`,
      cause: 'escrow_refused',
    });
    // Causes that can pass are named, so the payout is requested again once they have (issue 19 items 6, 7).
    expect(classifyRevert(revert(errorData('EscrowNotFunded', [KEY])))).toMatchObject({ kind: 'permanent', cause: 'not_funded' });
    expect(classifyRevert(revert(errorData('MaxCompletionsExceeded', [KEY, 2, 1, 2])))).toMatchObject({ kind: 'permanent', cause: 'escrow_full' });
  });

  it('calls an already-paid submission paid, not a failure', () => {
    expect(classifyRevert(revert(errorData('SubmissionAlreadyPaid', [KEY, 42])))).toEqual({ kind: 'paid', reason: `SubmissionAlreadyPaid(${KEY}, 42)` });
  });

  it('never trusts the message: an error NAME in a message without data stays transient', () => {
    expect(classifyRevert(revert(undefined, 'execution reverted: TaskAlreadyRefunded(7)'))).toEqual({
      kind: 'transient',
      reason: 'eth_call: execution reverted: TaskAlreadyRefunded(7) (code 3)',
    });
  });

  it('decodes Error(string) and Panic, which retry; unknown selectors are not guessed', () => {
    const other = new Interface(['error Unrelated(uint256)']);
    expect(classifyRevert(revert(other.encodeErrorResult('Unrelated', [1])))).toMatchObject({ kind: 'transient' });
    const errorString = new Interface(['function f()']).encodeFunctionResult('f', []);
    expect(decodeRevert(errorString)).toBeNull();
    const reason = classifyRevert(revert('0x08c379a0' + new Interface(['function e(string)']).encodeFunctionData('e', ['boom']).slice(10)));
    expect(reason).toEqual({ kind: 'transient', reason: 'Error(boom)' });
  });

  it('reads revert data nested as { data } by some nodes', () => {
    expect(decodeRevert({ data: errorData('EmptyBatch', [KEY]) })?.name).toBe('EmptyBatch');
  });

  it('tells execution reverts from other node errors', () => {
    expect(isRevert(revert('0x'))).toBe(true);
    expect(isRevert(new RpcError('eth_call', -32005, 'limit exceeded'))).toBe(false);
    expect(isRevert(new Error('execution reverted'))).toBe(false);
  });
});
