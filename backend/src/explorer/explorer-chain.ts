import { ArgumentsHost, Catch, ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { FetchRequest, JsonRpcProvider } from 'ethers';
import { AppConfig } from '../config/app-config';

/** How long one JSON-RPC request of the explorer may take before the page answers 503. */
export const EXPLORER_RPC_TIMEOUT_MS = 5_000;
/** What a 503 tells the client to wait before trying again (seconds). */
const RETRY_AFTER_SECONDS = 5;

/** The chain did not answer (down, slow, refused): a 503 with Retry-After, never a hang or a 500. */
export class ChainUnavailableError extends Error {}

/** A provider whose every request gives up after EXPLORER_RPC_TIMEOUT_MS (no network detection round trips). */
export function explorerProvider(config: AppConfig): JsonRpcProvider {
  const request = new FetchRequest(config.RPC_URL);
  request.timeout = EXPLORER_RPC_TIMEOUT_MS;
  return new JsonRpcProvider(request, config.CHAIN_ID, { staticNetwork: true, cacheTimeout: -1 });
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

@Catch(ChainUnavailableError)
export class ChainUnavailableFilter implements ExceptionFilter {
  catch(err: ChainUnavailableError, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    res.status(503).json({ message: err.message });
  }
}
