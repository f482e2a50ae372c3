export interface ProductInfo {
  baseUrl: string;
  rpcUrl: string;
  dataDir: string;
  tokenAddress: string;
  escrowAddress: string;
}
export const REPO_ROOT: string;
export function freePort(): Promise<number>;
export function startProduct(extraEnv?: Record<string, string>): Promise<{ info: ProductInfo; stop(): Promise<void> }>;
