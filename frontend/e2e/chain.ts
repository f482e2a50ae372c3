import { Contract, HDNodeWallet, JsonRpcProvider, Mnemonic, NonceManager, Wallet, parseUnits } from 'ethers';

/** The public dev mnemonic of Hardhat and anvil (local chain only); keys are derived, never written down. */
const DEV_MNEMONIC = 'test test test test test test test test test test test junk';

/** Publicly known anvil dev keys #0..#9. #0 deploys, #1 releases, #2/#3 are the demo users, #4 the demo admin. */
export const DEV_KEYS: readonly string[] = Array.from(
  { length: 10 },
  (_, i) => HDNodeWallet.fromMnemonic(Mnemonic.fromPhrase(DEV_MNEMONIC), `m/44'/60'/0'/0/${i}`).privateKey,
);

const TOKEN_ABI = ['function mint(address to, uint256 amount)', 'function balanceOf(address) view returns (uint256)'];

export function chain(rpcUrl: string) {
  const provider = new JsonRpcProvider(rpcUrl, 31337, { staticNetwork: true, cacheTimeout: -1 });
  return {
    provider,
    /** The token's local faucet (anyone may mint on chain 31337). */
    async mintCent(token: string, to: string, wholeCent: number | string) {
      const signer = new NonceManager(new Wallet(DEV_KEYS[0], provider));
      const c = new Contract(token, TOKEN_ABI, signer);
      await (await c.mint(to, parseUnits(String(wholeCent), 18))).wait();
    },
    async balanceOf(token: string, who: string): Promise<bigint> {
      return (await new Contract(token, TOKEN_ABI, provider).balanceOf(who)) as bigint;
    },
    destroy: () => provider.destroy(),
  };
}

export const addressOf = (key: string) => new Wallet(key).address;
