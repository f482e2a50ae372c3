import { answer, startRpcProxy } from './rpc-proxy';

export interface FlakyRpc {
  url: string;
  calls: number;
  failures: number;
  close(): Promise<void>;
}

/**
 * A JSON-RPC proxy in front of anvil that fails every `every`-th request, cycling through the faults a
 * real provider shows: HTTP 503, HTTP 429 (rate limit), a JSON-RPC error, a dropped connection and a
 * request that hangs past the client's timeout is left out (it only slows the test).
 */
export async function startFlakyRpc(target: string, every = 3): Promise<FlakyRpc> {
  const state = { calls: 0, failures: 0 };
  const proxy = await startRpcProxy(target, (body, req, res) => {
    state.calls++;
    if (state.calls % every !== 0) return false;
    state.failures++;
    const fault = state.failures % 4;
    if (fault === 0) res.writeHead(503).end('service unavailable');
    else if (fault === 1) res.writeHead(429).end('rate limited');
    else if (fault === 2) answer(res, idOf(body), { error: { code: -32005, message: 'limit exceeded' } });
    else req.socket.destroy();
    return true;
  });
  return {
    url: proxy.url,
    get calls() {
      return state.calls;
    },
    get failures() {
      return state.failures;
    },
    close: proxy.close,
  };
}

function idOf(body: string): unknown {
  try {
    return JSON.parse(body).id;
  } catch {
    return 1;
  }
}
