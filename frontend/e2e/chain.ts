import { Contract, HDNodeWallet, JsonRpcProvider, Mnemonic, NonceManager, Wallet, parseUnits, toBeHex } from 'ethers';

/** The public dev mnemonic of Hardhat and anvil (local chain only); keys are derived, never written down. */
const DEV_MNEMONIC = 'test test test test test test test test test test test junk';

/**
 * Publicly known dev keys #0..#19 (anvil funds #0..#9 with ETH; journeys top up the others themselves).
 * `npm start` owns #0..#4: #0 deploys, #1 releases, #2/#3 are the demo creator/earner, #4 the demo admin.
 * The journeys share ONE product, so a journey that needs a fresh user (first login asks for a username)
 * owns its key: accounts #5 #13, create-fund #6 #7 #8 #10, submit-proof #9, notifications #11.
 */
export const DEV_KEYS: readonly string[] = Array.from(
  { length: 20 },
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
    /** 10 ETH for gas: anvil funds only keys #0..#9. */
    async giveGas(to: string) {
      await provider.send('anvil_setBalance', [to, toBeHex(parseUnits('10', 18))]);
    },
    async balanceOf(token: string, who: string): Promise<bigint> {
      return (await new Contract(token, TOKEN_ABI, provider).balanceOf(who)) as bigint;
    },
    destroy: () => provider.destroy(),
  };
}

export const addressOf = (key: string) => new Wallet(key).address;
