/**
 * The publicly known Hardhat / anvil development accounts (mnemonic
 * "test test test test test test test test test test test junk"). These keys are PUBLIC: anyone can
 * sign with them. They are only ever used as defaults on the local chain id 31337, never elsewhere.
 */

import { HDNodeWallet, Mnemonic } from "ethers";

/** Chain id of Hardhat's in-process network and of anvil. */
export const LOCAL_CHAIN_ID = 31337;

export interface DevAccount {
  readonly address: string;
  /** Publicly known Hardhat/anvil dev key — never use on a real network. */
  readonly privateKey: string;
}

/** The publicly known development mnemonic of Hardhat and anvil (its accounts are funded on 31337). */
export const DEV_MNEMONIC = "test test test test test test test test test test test junk";

/** Dev account `index` of {@link DEV_MNEMONIC} (BIP-44 path m/44'/60'/0'/0/index), as Hardhat and anvil derive it. */
export function devAccount(index: number): DevAccount {
  const wallet = HDNodeWallet.fromMnemonic(Mnemonic.fromPhrase(DEV_MNEMONIC), `m/44'/60'/0'/0/${index}`);
  return { address: wallet.address, privateKey: wallet.privateKey };
}

/** Hardhat/anvil dev accounts #0..#4 (publicly known keys, local chains only). */
export const DEV_ACCOUNTS: readonly DevAccount[] = [0, 1, 2, 3, 4].map(devAccount);

/** Default deployer / escrow admin on 31337: dev account #0 (publicly known key). */
export const DEV_DEPLOYER = DEV_ACCOUNTS[0];
/** Default releaser (the backend's hot wallet) on 31337: dev account #1 (publicly known key). */
export const DEV_RELEASER = DEV_ACCOUNTS[1];

/** Who is who in the local demo that `npm start` seeds (and prints with their keys for a browser wallet). */
export const DEMO_ACCOUNTS = {
  creator: DEV_ACCOUNTS[2],
  earner: DEV_ACCOUNTS[3],
  admin: DEV_ACCOUNTS[4],
} as const;
