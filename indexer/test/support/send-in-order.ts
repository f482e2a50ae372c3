import type { ContractTransactionResponse } from 'ethers';

/**
 * `n` transactions of one signer, each sent once the one before has its hash, then all mined. Sent side by side
 * (Promise.all), they reach anvil out of nonce order under load, and an automining anvil can leave the later
 * nonces waiting for a block that never comes (an audit test hung on 27 such funds in CI).
 */
export async function sendInOrder(n: number, send: (i: number) => Promise<ContractTransactionResponse>): Promise<void> {
  const sent: ContractTransactionResponse[] = [];
  for (let i = 0; i < n; i++) sent.push(await send(i));
  await Promise.all(sent.map((t) => t.wait()));
}
