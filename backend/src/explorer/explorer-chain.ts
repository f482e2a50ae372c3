import { JsonRpcProvider } from 'ethers';
import { createChainProvider } from '../chain/chain-provider';
import { AppConfig } from '../config/app-config';
import { UnavailableError } from '../http/service-unavailable';

/**
 * The chain did not answer (down, slow, refused): answered 503 with Retry-After by the API's one error
 * filter (ApiErrorFilter), never a hang or a 500.
 */
export class ChainUnavailableError extends UnavailableError {
  constructor(message: string) {
    super('chain', message);
  }
}

/** The backend's chain provider: every request gives up after CHAIN_TIMEOUT_MS (no network detection round trips). */
export function explorerProvider(config: AppConfig): JsonRpcProvider {
  return createChainProvider(config);
}

/** Awaits a chain read, turning any failure of the RPC into ChainUnavailableError. */
export async function fromChain<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (err) {
    const reason = (err as { shortMessage?: string; message?: string }).shortMessage ?? (err as Error).message ?? String(err);
    throw new ChainUnavailableError(`The chain could not be read: ${reason.slice(0, 200)}`);
  }
}
