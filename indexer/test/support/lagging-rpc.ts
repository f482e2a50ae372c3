import { answer, startRpcProxy } from './rpc-proxy';

export interface LaggingRpc {
  url: string;
  /** While true, every eth_getTransactionReceipt is answered `null` (a node whose receipt index lags). */
  nullReceipts: boolean;
  /** Receipts answered null so far. */
  nulled: number;
  close(): Promise<void>;
}

/** A JSON-RPC proxy in front of anvil that can pretend not to know any receipt yet. */
export async function startLaggingRpc(target: string): Promise<LaggingRpc> {
  const state = { nullReceipts: false, nulled: 0 };
  const proxy = await startRpcProxy(target, (body, _req, res) => {
    const call = JSON.parse(body) as { id: number; method: string };
    if (!state.nullReceipts || call.method !== 'eth_getTransactionReceipt') return false;
    state.nulled++;
    answer(res, call.id, { result: null });
    return true;
  });
  return Object.assign(state, proxy);
}
