/**
 * Copied from the team's shared reference tool (shared/tools/injected-wallet.mjs); this harness owns its copy.
 *
 * injected-wallet.mjs — a fake browser wallet for Playwright, backed by a real key in Node.
 *
 * Injects an EIP-1193 `window.ethereum` (request/on/removeListener; events accountsChanged,
 * chainChanged, connect) and announces it via EIP-6963. Wallet methods run in Node on an
 * ethers v6 Wallet; every other method is forwarded to the JSON-RPC node (e.g. anvil).
 *
 *   import { injectWallet } from "./injected-wallet.mjs";
 *   const wallet = await injectWallet(context, {            // BrowserContext or Page, BEFORE goto()
 *     rpcUrl: "http://127.0.0.1:8950",
 *     privateKey: "0xac09…ff80",                            // anvil account #0
 *     approve: (method, params) => true,                   // return false => EIP-1193 4001 rejection
 *   });
 *   await page.goto(url); … ;  wallet.log  // [{ method, params, result | error }]
 *   await wallet.emit("accountsChanged", []);              // push an event to every page
 *
 * Signing/sending methods: eth_requestAccounts, eth_accounts, eth_chainId, personal_sign,
 * eth_signTypedData_v4, eth_sendTransaction, wallet_addEthereumChain, wallet_switchEthereumChain,
 * wallet_watchAsset, wallet_requestPermissions. Needs: ethers@6, playwright-core.
 */
import { JsonRpcProvider, Wallet, getBytes, isHexString, toQuantity } from "ethers";

const pageSide = ({ info }) => {
  const listeners = {};
  const provider = {
    isMetaMask: false,
    request: async ({ method, params = [] }) => {
      const r = await window.__injectedWalletRequest({ method, params });
      if (r && r.error) throw Object.assign(new Error(r.error.message), { code: r.error.code });
      return r.result;
    },
    on: (e, cb) => ((listeners[e] ??= new Set()).add(cb), provider),
    removeListener: (e, cb) => (listeners[e]?.delete(cb), provider),
  };
  window.__injectedWalletEmit = (e, data) => listeners[e]?.forEach((cb) => cb(data));
  window.ethereum = provider;
  const announce = () => window.dispatchEvent(new CustomEvent("eip6963:announceProvider",
    { detail: Object.freeze({ info, provider }) }));
  window.addEventListener("eip6963:requestProvider", announce);
  announce();
};

const ICON = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 8 8'%3E%3Crect width='8' height='8' fill='%23f80'/%3E%3C/svg%3E";

export async function injectWallet(target, { rpcUrl, privateKey, approve = () => true, autoConnect = false, unsupported = [],
  info = { uuid: "6f1d1c1e-0000-4000-8000-000000000001", name: "Test Wallet", icon: ICON, rdns: "dev.test.wallet" } }) {
  const mk = (url, id) => new JsonRpcProvider(url, id && BigInt(id), { staticNetwork: true, cacheTimeout: -1 });
  const probe = mk(rpcUrl);
  let chainId = toQuantity(await probe.send("eth_chainId", []));
  probe.destroy();
  let provider = mk(rpcUrl, chainId);
  let signer = new Wallet(privateKey, provider);
  const chains = new Map([[chainId, rpcUrl]]); // chainId(hex) -> rpcUrl
  let connected = autoConnect;
  const log = [];
  const pages = () => ("pages" in target ? target.pages() : [target]);
  const emit = (event, data) => Promise.all(pages().map((p) =>
    p.evaluate(([e, d]) => window.__injectedWalletEmit?.(e, d), [event, data]).catch(() => {})));
  const fail = (code, message) => { throw Object.assign(new Error(message), { code }); };
  const me = () => signer.address;
  const checkFrom = (a) => a && a.toLowerCase() !== me().toLowerCase() && fail(4100, `unknown account ${a}`);

  const handlers = {
    eth_requestAccounts: async () => { connected = true; await emit("connect", { chainId }); return [me()]; },
    eth_accounts: () => (connected ? [me()] : []),
    eth_chainId: () => chainId,
    net_version: () => String(BigInt(chainId)),
    wallet_requestPermissions: () => ((connected = true), [{ parentCapability: "eth_accounts" }]),
    personal_sign: ([msg, addr]) => (checkFrom(addr), signer.signMessage(isHexString(msg) ? getBytes(msg) : msg)),
    eth_signTypedData_v4: ([addr, json]) => {
      checkFrom(addr);
      const { domain, types, message } = typeof json === "string" ? JSON.parse(json) : json;
      const { EIP712Domain, ...rest } = types; // ethers derives the domain type itself
      return signer.signTypedData(domain, rest, message);
    },
    eth_sendTransaction: async ([tx]) => {
      checkFrom(tx.from);
      const big = (v) => (v == null ? undefined : BigInt(v));
      const sent = await signer.sendTransaction({
        to: tx.to, data: tx.data ?? tx.input, value: big(tx.value), gasLimit: big(tx.gas ?? tx.gasLimit),
        gasPrice: big(tx.gasPrice), maxFeePerGas: big(tx.maxFeePerGas),
        maxPriorityFeePerGas: big(tx.maxPriorityFeePerGas), nonce: tx.nonce == null ? undefined : Number(tx.nonce),
      });
      return sent.hash;
    },
    wallet_addEthereumChain: ([p]) => (chains.set(toQuantity(p.chainId), p.rpcUrls?.[0]), null),
    wallet_switchEthereumChain: async ([p]) => {
      const id = toQuantity(p.chainId);
      if (!chains.has(id)) fail(4902, `Unrecognized chain ID ${id}. Try adding the chain first.`);
      if (id !== chainId) {
        provider = mk(chains.get(id), id);
        signer = signer.connect(provider);
        chainId = id;
        await emit("chainChanged", chainId);
      }
      return null;
    },
    wallet_watchAsset: () => true,
  };
  const needsApproval = /^(eth_requestAccounts|personal_sign|eth_sign|wallet_|eth_sendTransaction)/;

  await target.exposeBinding("__injectedWalletRequest", async (_src, { method, params }) => {
    const entry = { method, params };
    log.push(entry);
    try {
      // (added in this copy) a wallet that lacks a method, e.g. one that cannot sign typed data.
      if (unsupported.includes(method)) fail(4200, `The wallet does not support ${method}`);
      if (needsApproval.test(method) && !(await approve(method, params))) fail(4001, "User rejected the request.");
      if (!handlers[method] && /^(wallet_|eth_sign)/.test(method)) fail(4200, `Unsupported method ${method}`);
      entry.result = handlers[method] ? await handlers[method](params) : await provider.send(method, params);
      return { result: entry.result };
    } catch (e) {
      const code = [e.code, e.error?.code].find((c) => typeof c === "number") ?? -32603;
      entry.error = { code, message: e.error?.message ?? e.shortMessage ?? e.message };
      return { error: entry.error };
    }
  });
  await target.addInitScript(pageSide, { info });

  return {
    log, emit,
    get address() { return me(); },
    get chainId() { return chainId; },
    async switchAccount(pk) { signer = new Wallet(pk, provider); await emit("accountsChanged", [me()]); },
    disconnect: () => ((connected = false), emit("accountsChanged", [])),
  };
}
