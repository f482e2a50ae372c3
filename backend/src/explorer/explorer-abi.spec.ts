import { Interface, zeroPadValue } from 'ethers';
import { CentTokenAbi, TaskEscrowAbi } from '@cent/contracts';
import { decodeCall, decodeEvent, TRANSFER_TOPIC } from './explorer-abi';

const escrow = new Interface(TaskEscrowAbi);
const token = new Interface(CentTokenAbi);
const A = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const B = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';
const KEY = `0x${'ab'.repeat(32)}`;

describe('explorer ABI decoding (the ABIs of @cent/contracts)', () => {
  it('decodes fund with its terms, the reward marked as CENT, integers at the edges of their widths exact', () => {
    const data = escrow.encodeFunctionData('fund', [2n ** 256n - 1n, 2n ** 128n - 1n, 2n ** 32n - 1n, 2n ** 64n - 1n]);
    expect(decodeCall('TaskEscrow', data)).toEqual({
      contract: 'TaskEscrow',
      name: 'fund',
      signature: 'fund(uint256,uint128,uint32,uint64)',
      selector: data.slice(0, 10),
      args: [
        { name: 'taskId', type: 'uint256', value: (2n ** 256n - 1n).toString() },
        { name: 'reward', type: 'uint128', value: (2n ** 128n - 1n).toString(), unit: 'CENT' },
        { name: 'maxCompletions', type: 'uint32', value: '4294967295' },
        { name: 'deadline', type: 'uint64', value: '18446744073709551615' },
      ],
    });
  });

  it('decodes releaseBatch arrays with checksummed addresses', () => {
    const data = escrow.encodeFunctionData('releaseBatch', [KEY, [0n, 1n], [A.toLowerCase(), B.toLowerCase()]]);
    const call = decodeCall('TaskEscrow', data)!;
    expect(call.name).toBe('releaseBatch');
    expect(call.args.map((a) => a.value)).toEqual([KEY, ['0', '1'], [A, B]]);
  });

  it('decodes a CENT transfer call and its Transfer event (value in CENT base units)', () => {
    const call = decodeCall('CentToken', token.encodeFunctionData('transfer', [B, 10n ** 18n]))!;
    expect(call.args).toEqual([
      { name: 'to', type: 'address', value: B },
      { name: 'value', type: 'uint256', value: '1000000000000000000', unit: 'CENT' },
    ]);
    const ev = decodeEvent('CentToken', [TRANSFER_TOPIC, zeroPadValue(A, 32), zeroPadValue(B, 32)], zeroPadValue('0x01', 32))!;
    expect(ev).toMatchObject({ name: 'Transfer', signature: 'Transfer(address,address,uint256)' });
    expect(ev.args).toEqual([
      { name: 'from', type: 'address', value: A },
      { name: 'to', type: 'address', value: B },
      { name: 'value', type: 'uint256', value: '1', unit: 'CENT' },
    ]);
  });

  it('decodes TaskFunded with its indexed key, task id and funder', () => {
    const ev = escrow.getEvent('TaskFunded')!;
    const encoded = escrow.encodeEventLog(ev, [KEY, 7n, A, 5n, 2, 1_700_000_000n, 10n]);
    const decoded = decodeEvent('TaskEscrow', encoded.topics, encoded.data)!;
    expect(decoded.name).toBe('TaskFunded');
    expect(Object.fromEntries(decoded.args.map((a) => [a.name, a.value]))).toEqual({
      key: KEY, taskId: '7', funder: A, reward: '5', maxCompletions: '2', deadline: '1700000000', amount: '10',
    });
  });

  it('answers null, never throws, for an unknown selector, short calldata, an unknown topic or a bad log', () => {
    expect(decodeCall('TaskEscrow', '0xdeadbeef')).toBeNull();
    expect(decodeCall('TaskEscrow', '0x')).toBeNull();
    expect(decodeCall('TaskEscrow', escrow.encodeFunctionData('fund', [1n, 1n, 1n, 1n]).slice(0, 40))).toBeNull();
    expect(decodeEvent('TaskEscrow', [`0x${'00'.repeat(32)}`], '0x')).toBeNull();
    expect(decodeEvent('CentToken', [TRANSFER_TOPIC], '0x')).toBeNull();
    expect(decodeEvent('CentToken', [], '0x')).toBeNull();
  });
});
