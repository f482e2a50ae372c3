import { INestApplicationContext } from '@nestjs/common';
import { ChainClock } from '@cent/backend';
import { Anvil } from './anvil';
import { eventually } from './stack';

/**
 * Moves the chain's time forward (evm_increaseTime + evm_mine) and waits until each app's chain clock has seen
 * the new block: the clock reads the latest block in the background (CHAIN_CLOCK_POLL_MS), so a time rule
 * checked right after the mine could still decide on the old time. Returns the new block's time in ms.
 */
export async function advanceChainClock(anvil: Anvil, apps: INestApplicationContext[], seconds: number): Promise<number> {
  await anvil.rpc('evm_increaseTime', [seconds]);
  await anvil.rpc('evm_mine');
  const ts = (await anvil.provider.getBlock('latest'))!.timestamp * 1000;
  for (const app of apps) {
    const clock = app.get(ChainClock);
    await eventually(async () => clock.now().getTime() >= ts, 10_000, 'the chain clock at the new block');
  }
  return ts;
}
