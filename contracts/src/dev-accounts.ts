/**
 * The publicly known Hardhat / anvil development accounts (mnemonic
 * "test test test test test test test test test test test junk"). These keys are PUBLIC: anyone can
 * sign with them. They are only ever used as defaults on the local chain id 31337, never elsewhere.
 */

/** Chain id of Hardhat's in-process network and of anvil. */
export const LOCAL_CHAIN_ID = 31337;

export interface DevAccount {
  readonly address: string;
  /** Publicly known Hardhat/anvil dev key — never use on a real network. */
  readonly privateKey: string;
}

/** Hardhat/anvil dev accounts #0..#4 (publicly known keys, local chains only). */
export const DEV_ACCOUNTS: readonly DevAccount[] = [
  // Publicly known Hardhat/anvil dev key #0 (not a secret).
  { address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", privateKey: "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80" },
  // Publicly known Hardhat/anvil dev key #1 (not a secret).
  { address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", privateKey: "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d" },
  // Publicly known Hardhat/anvil dev key #2 (not a secret).
  { address: "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC", privateKey: "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a" },
  // Publicly known Hardhat/anvil dev key #3 (not a secret).
  { address: "0x90F79bf6EB2c4f870365E785982E1f101E93b906", privateKey: "0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6" },
  // Publicly known Hardhat/anvil dev key #4 (not a secret).
  { address: "0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65", privateKey: "0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a" },
];

/** Default deployer / escrow admin on 31337: dev account #0 (publicly known key). */
export const DEV_DEPLOYER = DEV_ACCOUNTS[0];
/** Default releaser (the backend's hot wallet) on 31337: dev account #1 (publicly known key). */
export const DEV_RELEASER = DEV_ACCOUNTS[1];
