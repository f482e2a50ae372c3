import { IndexerInstance, Stack, startIndexer, startStack } from './stack';
import { registerCreator } from './scenario';
import { TestWorker } from './worker';

/** What the payout specs with automining off share; the fields are set once the suite's beforeAll ran. */
export interface PayoutSuite {
  stack: Stack;
  /** The follower (no payouts): funds and releases reach the read models. */
  domain: IndexerInstance;
  creator: Awaited<ReturnType<typeof registerCreator>>;
  /** The workers a test starts: closed after it, with automining back on. */
  readonly workers: TestWorker[];
}

/** Registers the hooks of a payout spec (call it inside its describe): a stack, a follower, a creator. */
export function payoutSuite(): PayoutSuite {
  const suite = { workers: [] as TestWorker[] } as PayoutSuite;

  beforeAll(async () => {
    suite.stack = await startStack();
    suite.domain = await startIndexer(suite.stack.env, { payouts: false });
    suite.creator = await registerCreator(suite.domain.commands, suite.stack.chain, 0);
  });

  afterEach(async () => {
    await suite.stack.anvil.rpc('evm_setAutomine', [true]);
    for (const w of suite.workers.splice(0)) await w.close();
  });

  afterAll(async () => {
    await suite.domain?.close();
    await suite.stack?.stop();
  });

  return suite;
}
