import { getAddress, Interface, type LogDescription, ParamType, type Result } from 'ethers';
import { CentTokenAbi, TaskEscrowAbi } from '@cent/contracts';
import type { DecodedArg, DecodedCall, DecodedEvent } from './explorer.views';

/** The contracts this explorer decodes, by the ABIs the contracts package builds (never hand-copied). */
const INTERFACES = { CentToken: new Interface(CentTokenAbi), TaskEscrow: new Interface(TaskEscrowAbi) } as const;
export type KnownContract = keyof typeof INTERFACES;

/** A decoded value: integers as decimal strings (never floats), addresses checksummed, bytes as hex. */
export type ArgValue = string | boolean | ArgValue[] | { [name: string]: ArgValue };

// The amounts these two contracts carry are CENT base units: Transfer/Approval `value`, approve's `value`,
// the escrow's `reward`, `amount`, `remaining`.
const CENT_AMOUNT_NAMES = new Set(['value', 'amount', 'reward', 'remaining']);

function valueOf(type: ParamType, v: unknown): ArgValue {
  if (type.isArray()) return (v as unknown[]).map((x) => valueOf(type.arrayChildren!, x));
  if (type.isTuple()) {
    return Object.fromEntries(type.components!.map((c, i) => [c.name || String(i), valueOf(c, (v as Result)[i])]));
  }
  if (typeof v === 'bigint') return v.toString();
  if (typeof v === 'boolean') return v;
  if (type.baseType === 'address') return getAddress(String(v));
  return String(v);
}

function argsOf(inputs: readonly ParamType[], values: Result): DecodedArg[] {
  return inputs.map((p, i) => {
    const arg: DecodedArg = { name: p.name || `arg${i}`, type: p.format('sighash'), value: valueOf(p, values[i]) };
    if (CENT_AMOUNT_NAMES.has(p.name) && p.baseType.startsWith('uint')) arg.unit = 'CENT';
    return arg;
  });
}

/** A call to CENT or TaskEscrow by its calldata, or null when the selector is not one of the contract's. */
export function decodeCall(contract: KnownContract, data: string, value: bigint = 0n): DecodedCall | null {
  let tx;
  try {
    tx = INTERFACES[contract].parseTransaction({ data, value });
  } catch {
    return null; // calldata that does not decode (wrong length, bad encoding) is shown raw
  }
  if (!tx) return null;
  return { contract, name: tx.name, signature: tx.signature, selector: tx.selector, args: argsOf(tx.fragment.inputs, tx.args) };
}

/** A log of CENT or TaskEscrow, or null when its topic is not one of the contract's events. */
export function decodeEvent(contract: KnownContract, topics: readonly string[], data: string): DecodedEvent | null {
  let log: LogDescription | null;
  try {
    log = INTERFACES[contract].parseLog({ topics: [...topics], data });
  } catch {
    return null;
  }
  if (!log) return null;
  return { contract, name: log.name, signature: log.signature, args: argsOf(log.fragment.inputs, log.args) };
}

export const TRANSFER_TOPIC = INTERFACES.CentToken.getEvent('Transfer')!.topicHash;
export const centToken = INTERFACES.CentToken;
