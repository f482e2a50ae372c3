import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { getAddress, type JsonRpcProvider, type TransactionReceipt, type TransactionResponse } from 'ethers';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { badRequest, notFound } from '../common/domain-error';
import { locateEscrow } from '../escrow/escrow-contract';
import { centToken, decodeCall, decodeEvent, type KnownContract } from './explorer-abi';
import { explorerProvider, fromChain } from './explorer-chain';
import { readDeployment, recordedSourceOf } from './deployment-record';
import { parseCursor, transferPage } from './transfer-pages';
import type { ContractSourceView, ExplorerAddressView, ExplorerBlockView, ExplorerLatestView, ExplorerTokenView, ExplorerTxView, TransferPage } from './explorer.views';

/** Transactions a block page lists (a block holds a few hundred at most; the rest are counted). */
const BLOCK_TXS_SHOWN = 100;
/** Blocks the explorer's first page lists. */
const LATEST_BLOCKS = 10;
/** Calldata longer than this is cut (its decoded form is shown whole). */
const MAX_INPUT_CHARS = 20_000;

const TX_HASH = /^0x[0-9a-fA-F]{64}$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const BLOCK_NUMBER = /^(0|[1-9][0-9]{0,17})$/;

/** Path parameters, checked before any chain call: a bad one is a 400 with what was expected. */
export function parseTxHash(raw: string): string {
  if (!TX_HASH.test(raw)) throw badRequest('Invalid transaction hash (0x and 64 hex digits)');
  return raw.toLowerCase();
}
export function parseAddress(raw: string): string {
  if (!ADDRESS.test(raw)) throw badRequest('Invalid address (0x and 40 hex digits)');
  return getAddress(raw.toLowerCase());
}
export function parseBlockNumber(raw: string): number {
  if (!BLOCK_NUMBER.test(raw) || !Number.isSafeInteger(Number(raw))) throw badRequest('Invalid block number');
  return Number(raw);
}

/**
 * The built-in explorer's reads: transactions, blocks, addresses and the CENT token of the chain the app runs
 * on, with CENT and TaskEscrow calls and events decoded. Read-only, every request bounded (timeouts on each
 * RPC call, capped lists, transfers paged in windows: transfer-pages.ts).
 */
@Injectable()
export class ExplorerService implements OnModuleDestroy {
  private readonly provider: JsonRpcProvider;
  private readonly token: string | null;
  private readonly escrow: string | null;
  private readonly startBlock: number;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.provider = explorerProvider(config);
    const location = locateEscrow(config);
    const record = readDeployment(config);
    this.escrow = location ? getAddress(location.escrow) : null;
    const token = config.TOKEN_ADDRESS ?? location?.token ?? record?.token ?? null;
    this.token = token ? getAddress(token) : null;
    this.startBlock = config.ESCROW_DEPLOYMENT_BLOCK ?? location?.startBlock ?? record?.deploymentBlock ?? 0;
  }

  onModuleDestroy(): void {
    this.provider.destroy();
  }

  private contractAt(address: string | null | undefined): KnownContract | null {
    if (!address) return null;
    const a = getAddress(address);
    return a === this.token ? 'CentToken' : a === this.escrow ? 'TaskEscrow' : null;
  }

  async latest(): Promise<ExplorerLatestView> {
    const head = await fromChain(this.provider.getBlockNumber());
    const numbers = Array.from({ length: Math.min(LATEST_BLOCKS, head + 1) }, (_, i) => head - i);
    const blocks = await fromChain(Promise.all(numbers.map((n) => this.provider.getBlock(n))));
    return {
      chainId: this.config.CHAIN_ID,
      head,
      token: this.token,
      escrow: this.escrow,
      blocks: blocks.filter((b) => b !== null).map((b) => ({
        number: b.number, hash: b.hash!, timestamp: new Date(b.timestamp * 1000).toISOString(), transactionCount: b.transactions.length,
      })),
    };
  }

  async transaction(hash: string): Promise<ExplorerTxView> {
    const [tx, receipt, head] = await fromChain(Promise.all([
      this.provider.getTransaction(hash), this.provider.getTransactionReceipt(hash), this.provider.getBlockNumber(),
    ]));
    if (!tx) throw notFound('Transaction not found on this chain');
    const block = receipt ? await fromChain(this.provider.getBlock(receipt.blockNumber)) : null;
    return this.txView(tx, receipt, head, block ? new Date(block.timestamp * 1000).toISOString() : null);
  }

  private txView(tx: TransactionResponse, receipt: TransactionReceipt | null, head: number, timestamp: string | null): ExplorerTxView {
    const toContract = this.contractAt(tx.to);
    const fee = receipt ? receipt.gasUsed * receipt.gasPrice : null;
    return {
      hash: tx.hash,
      status: !receipt ? 'pending' : receipt.status === 1 ? 'success' : 'reverted',
      blockNumber: receipt?.blockNumber ?? null,
      blockHash: receipt?.blockHash ?? null,
      timestamp,
      confirmations: receipt ? head - receipt.blockNumber + 1 : 0,
      from: getAddress(tx.from),
      to: tx.to ? getAddress(tx.to) : null,
      toContract,
      createdContract: receipt?.contractAddress ? getAddress(receipt.contractAddress) : null,
      value: tx.value.toString(),
      nonce: tx.nonce,
      gasLimit: tx.gasLimit.toString(),
      gasUsed: receipt ? receipt.gasUsed.toString() : null,
      effectiveGasPrice: receipt ? receipt.gasPrice.toString() : null,
      fee: fee !== null ? fee.toString() : null,
      input: tx.data.slice(0, MAX_INPUT_CHARS),
      inputTruncated: tx.data.length > MAX_INPUT_CHARS,
      call: toContract ? decodeCall(toContract, tx.data, tx.value) : null,
      logs: (receipt?.logs ?? []).map((l) => {
        const contract = this.contractAt(l.address);
        return {
          index: l.index, address: getAddress(l.address), contract, event: contract ? decodeEvent(contract, l.topics, l.data) : null,
          topics: [...l.topics], data: l.data,
        };
      }),
    };
  }

  async block(number: number): Promise<ExplorerBlockView> {
    const [block, head] = await fromChain(Promise.all([this.provider.getBlock(number, true), this.provider.getBlockNumber()]));
    if (!block) throw notFound('Block not found on this chain');
    const txs = block.prefetchedTransactions.slice(0, BLOCK_TXS_SHOWN);
    return {
      number: block.number,
      hash: block.hash!,
      parentHash: block.parentHash,
      timestamp: new Date(block.timestamp * 1000).toISOString(),
      miner: getAddress(block.miner),
      gasUsed: block.gasUsed.toString(),
      gasLimit: block.gasLimit.toString(),
      baseFeePerGas: block.baseFeePerGas?.toString() ?? null,
      confirmations: head - block.number + 1,
      transactionCount: block.transactions.length,
      transactions: txs.map((tx) => {
        const toContract = this.contractAt(tx.to);
        const call = toContract ? decodeCall(toContract, tx.data, tx.value) : null;
        return {
          hash: tx.hash, from: getAddress(tx.from), to: tx.to ? getAddress(tx.to) : null, toContract,
          method: call?.name ?? (tx.data.length >= 10 ? tx.data.slice(0, 10) : null), value: tx.value.toString(),
        };
      }),
    };
  }

  async address(address: string): Promise<ExplorerAddressView> {
    const [code, nativeBalance, transactionCount, centBalance, head] = await fromChain(Promise.all([
      this.provider.getCode(address),
      this.provider.getBalance(address),
      this.provider.getTransactionCount(address),
      this.centBalanceOf(address),
      this.provider.getBlockNumber(),
    ]));
    const known = this.contractAt(address);
    const source = recordedSourceOf(readDeployment(this.config), address);
    return {
      address,
      kind: known ?? (code !== '0x' ? 'contract' : 'account'),
      centBalance,
      nativeBalance: nativeBalance.toString(),
      transactionCount,
      verifiedSource: source ? { contractName: source.contractName, sourceName: source.sourceName, compilerVersion: source.compilerVersion } : null,
      head,
    };
  }

  private async centBalanceOf(address: string): Promise<string | null> {
    if (!this.token) return null;
    const data = await this.provider.call({ to: this.token, data: centToken.encodeFunctionData('balanceOf', [address]) });
    return (centToken.decodeFunctionResult('balanceOf', data)[0] as bigint).toString();
  }

  /** The recorded standard-JSON input of a contract this deployment created. */
  source(address: string): ContractSourceView {
    const source = recordedSourceOf(readDeployment(this.config), address);
    if (!source) throw notFound('No recorded source for this address');
    return {
      address, contractName: source.contractName, sourceName: source.sourceName, compilerVersion: source.compilerVersion,
      settings: source.settings, input: source.input,
    };
  }

  async tokenInfo(address: string): Promise<ExplorerTokenView> {
    if (address !== this.token) throw notFound('This explorer shows the CENT token only');
    const read = async (fn: 'name' | 'symbol' | 'decimals' | 'totalSupply') =>
      centToken.decodeFunctionResult(fn, await this.provider.call({ to: address, data: centToken.encodeFunctionData(fn) }))[0];
    const [name, symbol, decimals, totalSupply, head] = await fromChain(Promise.all([
      read('name'), read('symbol'), read('decimals'), read('totalSupply'), this.provider.getBlockNumber(),
    ]));
    return {
      address, name: String(name), symbol: String(symbol), decimals: Number(decimals), totalSupply: (totalSupply as bigint).toString(),
      deploymentBlock: this.startBlock, head,
    };
  }

  /** A page of CENT transfers (of one address, or all of them), newest first. */
  async transfers(address: string | null, before: unknown): Promise<TransferPage> {
    const cursor = parseCursor(before);
    if (!this.token) throw notFound('No CENT token is configured');
    const head = await fromChain(this.provider.getBlockNumber());
    return fromChain(transferPage({
      token: this.token, address, startBlock: this.startBlock, head, cursor, windowBlocks: this.config.EXPLORER_LOG_WINDOW_BLOCKS, getLogs: (f) => this.provider.getLogs(f),
    }));
  }
}
