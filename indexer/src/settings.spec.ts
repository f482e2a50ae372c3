import { loadConfig } from '@cent/backend';
import { DEV_RELEASER } from '@cent/contracts';
import { indexerSettings, loadIndexerEnv } from './settings';

const ESCROW = '0x00000000000000000000000000000000000000e5';
const shared = (env: Record<string, string> = {}) => loadConfig({ NODE_ENV: 'test', ESCROW_ADDRESS: ESCROW, ESCROW_DEPLOYMENT_BLOCK: '7', ...env });

describe('indexer settings (its own keys, same names as before they left the backend config)', () => {
  it('defaults: payouts on, the dev releaser on the local chain, the documented polling and fee limits', () => {
    const s = indexerSettings(shared(), loadIndexerEnv({}));
    expect(s).toMatchObject({
      chainId: 31337, escrow: ESCROW, startBlock: 7, confirmations: 0, batchBlocks: 2000, reorgDepth: 128, pollMs: 250,
      payouts: true, releaserKey: DEV_RELEASER.privateKey, payoutWindowMs: 500, payoutPollMs: 200, payoutMaxInFlight: 16,
      payoutMaxFeePerGas: 500_000_000_000n, payoutFeeBumpPercent: 15, payoutStuckBlocks: 3, payoutDropConfirmations: 3,
      payoutMaxReleasesPerHour: 1_000, metricsPort: undefined,
    });
  });

  it('reads every key from the environment it is given', () => {
    const key = `0x${'ab'.repeat(32)}`;
    const s = indexerSettings(shared({ CHAIN_ID: '1', CONFIRMATIONS: '12' }), loadIndexerEnv({
      RELEASER_PRIVATE_KEY: key, INDEXER_BATCH_BLOCKS: '100000', INDEXER_POLL_MS: '10', INDEXER_REORG_DEPTH: '1',
      PAYOUT_BATCH_WINDOW_MS: '0', PAYOUT_POLL_MS: '10', PAYOUT_MAX_IN_FLIGHT: '1000', PAYOUT_MAX_FEE_PER_GAS: '1267650600228229401496703205376',
      PAYOUT_FEE_BUMP_PERCENT: '10', PAYOUT_STUCK_BLOCKS: '1', PAYOUT_DROP_CONFIRMATIONS: '1', PAYOUT_MAX_RELEASES_PER_HOUR: '0',
      INDEXER_METRICS_PORT: '65535',
    }));
    expect(s).toMatchObject({
      chainId: 1, confirmations: 12, releaserKey: key, batchBlocks: 100_000, pollMs: 10, reorgDepth: 1, payoutWindowMs: 0,
      payoutMaxInFlight: 1_000, payoutMaxFeePerGas: 2n ** 100n, payoutFeeBumpPercent: 10, payoutMaxReleasesPerHour: 0, metricsPort: 65535,
    });
  });

  it('INDEXER_PAYOUTS=false: the follower alone needs no releaser key, even off the local chain', () => {
    for (const off of ['false', '0', 'no']) {
      expect(indexerSettings(shared({ CHAIN_ID: '1' }), loadIndexerEnv({ INDEXER_PAYOUTS: off }))).toMatchObject({ payouts: false, releaserKey: '' });
    }
    expect(() => indexerSettings(shared({ CHAIN_ID: '1' }), loadIndexerEnv({}))).toThrow(/RELEASER_PRIVATE_KEY: required on chain 1/);
    // The audit never pays, whatever INDEXER_PAYOUTS says.
    expect(indexerSettings(shared({ CHAIN_ID: '1' }), loadIndexerEnv({ INDEXER_PAYOUTS: 'true' }), { payouts: false }).releaserKey).toBe('');
  });

  it.each([
    ['INDEXER_PAYOUTS', 'maybe'],
    ['INDEXER_METRICS_PORT', '65536'],
    ['INDEXER_BATCH_BLOCKS', '0'],
    ['INDEXER_BATCH_BLOCKS', '100001'],
    ['INDEXER_POLL_MS', '9'],
    ['PAYOUT_MAX_FEE_PER_GAS', '0'],
    ['PAYOUT_MAX_FEE_PER_GAS', '1'.repeat(32)],
    ['PAYOUT_MAX_FEE_PER_GAS', '1.5'],
    ['PAYOUT_FEE_BUMP_PERCENT', '9'],
    ['PAYOUT_MAX_IN_FLIGHT', '1001'],
    ['PAYOUT_MAX_RELEASES_PER_HOUR', '-1'],
    ['RELEASER_PRIVATE_KEY', `0x${'ab'.repeat(31)}`],
  ])('refuses %s=%s with one readable line naming it', (name, value) => {
    expect(() => loadIndexerEnv({ [name]: value })).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}: `));
  });

  it('the backend no longer reads them (a bad value of the indexer\'s key does not stop the API)', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', PAYOUT_MAX_FEE_PER_GAS: 'lots', RELEASER_PRIVATE_KEY: 'nope' })).not.toThrow();
  });
});
