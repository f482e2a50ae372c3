import { startRpcProxy } from './rpc-proxy';

export interface SlowRpc {
  url: string;
  /** Added to every call (ms); 0 lets calls through at once. */
  delayMs: number;
  /** eth_sendRawTransaction calls being held right now. */
  sendsInFlight: number;
  /** Resolves the next time an eth_sendRawTransaction arrives at the proxy (before it is delayed). */
  nextSend(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A JSON-RPC proxy in front of anvil that answers every call `delayMs` late (a slow or distant node), and
 * lets a test know when a broadcast is being held.
 */
export async function startSlowRpc(target: string, delayMs: number): Promise<SlowRpc> {
  let waiters: Array<() => void> = [];
  const state = {
    delayMs,
    sendsInFlight: 0,
    nextSend: () => new Promise<void>((r) => waiters.push(r)),
  };
  const proxy = await startRpcProxy(target, (body, _req, res) => {
    const calls = ([] as Array<{ method?: string }>).concat(JSON.parse(body));
    const sends = calls.filter((c) => c.method === 'eth_sendRawTransaction').length;
    if (sends) {
      state.sendsInFlight += sends;
      const w = waiters;
      waiters = [];
      w.forEach((r) => r());
    }
    setTimeout(async () => {
      try {
        const upstream = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        const text = await upstream.text();
        state.sendsInFlight -= sends;
        res.writeHead(upstream.status, { 'content-type': 'application/json' });
        res.end(text);
      } catch (err) {
        state.sendsInFlight -= sends;
        if (!res.headersSent) res.writeHead(502).end(String(err));
      }
    }, state.delayMs);
    return true;
  });
  return Object.assign(state, proxy);
}
