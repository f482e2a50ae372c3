import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { Pool } from 'pg';
import { toBeHex, zeroPadValue } from 'ethers';
import { typechain } from '@cent/contracts';
import { escrowInterface } from '../src/chain/escrow-logs';
import { JsonRpc } from '../src/chain/json-rpc';
import { formatReport, reconcile } from '../src/audit/reconcile';
import { createAndFundTask, registerCreator } from './support/scenario';
import { IndexerInstance, Stack, startIndexer, startStack } from './support/stack';

const topicOf = (name: string) => escrowInterface.getEvent(name)!.topicHash;
const word = (v: bigint) => zeroPadValue(toBeHex(v), 32);
const data = (...words: bigint[]) => `0x${words.map((v) => word(v).slice(2)).join('')}`;

/**
 * Issue 19: `npm run audit` against whatever sits at ESCROW_ADDRESS. A foreign contract (LogEmitter, test only)
 * emits logs with the escrow's topics but not its layout, a word past its ABI width and topics the escrow does
 * not have, and answers no getEscrow. The audit decodes with the indexer's own decoder: the unreadable logs are
 * information, the contract that cannot vouch for the app's tasks is a real difference (exit 1), never exit 2.
 */
describe('audit against a foreign contract at ESCROW_ADDRESS (real anvil + PostgreSQL)', () => {
  let stack: Stack;
  let idx: IndexerInstance;
  let pool: Pool;
  let emitterAddress: string;
  let deployBlock: number;

  beforeAll(async () => {
    stack = await startStack();
    const deployed = await new typechain.LogEmitter__factory(stack.chain.creators[2]).deploy();
    await deployed.waitForDeployment();
    emitterAddress = (await deployed.getAddress()).toLowerCase();
    deployBlock = (await deployed.deploymentTransaction()!.wait())!.blockNumber;
    idx = await startIndexer({ ...stack.env, ESCROW_ADDRESS: emitterAddress, ESCROW_DEPLOYMENT_BLOCK: String(deployBlock) }, { start: false, payouts: false });
    pool = new Pool({ connectionString: stack.databaseUrl, max: 2 });

    const creator = await registerCreator(idx.commands, stack.chain, 0);
    await createAndFundTask(idx.commands, stack.chain, creator, { reward: 2, maxCompletions: 1, fund: false });
    const key = word(123n);
    const funder = zeroPadValue(creator.wallet, 32);
    await (await deployed.emitLogs([
      // TaskFunded's topic, data cut short: ethers' parseLog threw here ("data out-of-bounds"), the audit exited 2.
      { topics: [topicOf('TaskFunded'), key, word(1n), funder], data: data(1n, 1n) },
      // A deadline word past uint64.
      { topics: [topicOf('TaskFunded'), key, word(2n), funder], data: data(1n, 1n, 1n << 64n, 1n) },
      // A topic no TaskEscrow event has.
      { topics: [word(0xdeadn), key], data: '0x' },
      // A well-formed funding of an id the app never issued (10^30): junk, as with the real escrow.
      { topics: [topicOf('TaskFunded'), word(2n), word(10n ** 30n), funder], data: data(1n, 1n, 2n ** 64n - 1n, 1n) },
    ], { gasLimit: 2_000_000n })).wait();
  }, 120_000);

  afterAll(async () => {
    await pool?.end();
    await idx?.close();
    await stack?.stop();
  });

  const quiet = { log: () => undefined, warn: () => undefined, error: () => undefined };

  it('reports the unreadable logs as information and the contract that is no escrow as a difference', async () => {
    const report = await reconcile({
      rpc: new JsonRpc(stack.anvil.url, quiet), db: pool, chainId: 31337, escrow: emitterAddress,
      startBlock: deployBlock, confirmations: 0, source: idx.runner.settings.source,
    });
    expect(report.information.unreadableLogs).toMatchObject({ undecodable: 2, unknownTopics: 1 });
    expect(report.information.unreadableLogs.first.map((l) => l.reason)).toEqual([
      expect.stringMatching(/^undecodable: TaskFunded data of 64 bytes instead of 128$/),
      expect.stringMatching(/^undecodable: deadline 0x10000000000000000 does not fit uint64$/),
      expect.stringMatching(/is no TaskEscrow event$/),
    ]);
    expect(report.information.junkEscrows).toMatchObject({ count: 1, taskIds: 1 });
    expect(report.tasks).toHaveLength(1);
    expect(report.tasks[0].differences).toEqual([expect.stringMatching(new RegExp(`^the contract at ${emitterAddress} is not a readable TaskEscrow: getEscrow reverted`))]);
    expect(report.ok).toBe(false);
    const text = formatReport(report);
    expect(text).toContain("2 log(s) at the escrow's address with an escrow event's topic but not its layout, 1 with a topic the escrow does not have");
  }, 60_000);

  it('`npm run audit` exits 1 (a real difference), not 2, and prints the information', () => {
    const out = spawnSync(process.execPath, [path.join(__dirname, '..', 'bin', 'run-ts.js'), path.join(__dirname, '..', 'src', 'audit', 'audit.main.ts')], {
      env: { ...process.env, ...stack.env, ESCROW_ADDRESS: emitterAddress, ESCROW_DEPLOYMENT_BLOCK: String(deployBlock) },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(out.stderr).not.toContain('audit failed');
    expect(out.stdout).toContain('is not a readable TaskEscrow');
    expect(out.stdout).toContain('Information (not differences):');
    expect(out.status).toBe(1);
  }, 70_000);
});
