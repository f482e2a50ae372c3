import { DEV_RELEASER, LOCAL_CHAIN_ID } from '@cent/contracts';

export { LOCAL_CHAIN_ID };

/**
 * Publicly known Hardhat/anvil dev account #1 (mnemonic "test test ... junk"): the default releaser on
 * the local chain 31337 only. Anyone can sign with it, so it is never a default anywhere else.
 */
export const LOCAL_DEV_RELEASER_KEY = DEV_RELEASER.privateKey;

/** The payout worker's signing key: RELEASER_PRIVATE_KEY, or the dev key on chain 31337; refused otherwise. */
export function releaserPrivateKey(chainId: number, configured: string | undefined): string {
  if (configured) return configured;
  if (chainId === LOCAL_CHAIN_ID) return LOCAL_DEV_RELEASER_KEY;
  throw new Error(
    `Invalid configuration:\n  RELEASER_PRIVATE_KEY: required on chain ${chainId} ` +
      `(the public Hardhat dev key is only a default on the local chain ${LOCAL_CHAIN_ID})`,
  );
}
