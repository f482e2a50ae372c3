import { HDNodeWallet, Wallet } from 'ethers';
import { SiweMessage } from 'siwe';
import request from 'supertest';

type Agent = ReturnType<typeof request.agent>;

/** Asks the server for a challenge for `wallet` on `agent`'s session; the parsed message. */
export async function fetchChallenge(agent: Agent, address: string): Promise<SiweMessage> {
  const res = await agent.get(`/api/auth/challenge?address=${address}`).expect(200);
  expect(typeof res.body.message).toBe('string');
  return new SiweMessage(res.body.message);
}

/** The challenge with some fields changed, re-serialised and signed by `signer`. */
export async function signVariant(signer: HDNodeWallet | Wallet, base: SiweMessage, changes: Partial<SiweMessage> = {}) {
  const text = new SiweMessage({ ...base, ...changes }).prepareMessage();
  return { message: text, signature: await signer.signMessage(text) };
}

/** Full wallet sign-in on `agent`: challenge, sign, POST /api/auth/web3. */
export async function signInWithWallet(agent: Agent, wallet: HDNodeWallet | Wallet) {
  const challenge = await fetchChallenge(agent, wallet.address);
  const message = challenge.prepareMessage();
  const signature = await wallet.signMessage(message);
  return agent.post('/api/auth/web3').send({ walletAddress: wallet.address, signature, message });
}
