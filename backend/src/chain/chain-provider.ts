import { FetchRequest, JsonRpcProvider } from 'ethers';
import { AppConfig } from '../config/app-config';

/**
 * The backend's one way to make a JSON-RPC provider: every call gives up after CHAIN_TIMEOUT_MS (ethers'
 * default is 5 minutes, so a frozen node hung whoever asked), the network is the configured chain id
 * (no detection round trip) and nothing is cached (each read is the chain now).
 */
export function createChainProvider(config: Pick<AppConfig, 'RPC_URL' | 'CHAIN_ID' | 'CHAIN_TIMEOUT_MS'>): JsonRpcProvider {
  const request = new FetchRequest(config.RPC_URL);
  request.timeout = config.CHAIN_TIMEOUT_MS;
  return new JsonRpcProvider(request, config.CHAIN_ID, { staticNetwork: true, cacheTimeout: -1 });
}
