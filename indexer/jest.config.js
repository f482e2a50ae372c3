/**
 * Indexer tests: a real anvil per test file (started by the test) and the real PostgreSQL that backend's
 * global setup starts once per run. `@cent/backend` and `@cent/contracts` resolve to their TypeScript
 * sources (compiled by @swc/jest, same transform as the backend's), so a fresh clone needs only the
 * Solidity compile (pretest).
 */
const path = require('node:path');
const backend = path.resolve(__dirname, '..', 'backend');
const base = require(path.join(backend, 'jest.config.js'));

module.exports = {
  ...base,
  rootDir: '.',
  moduleNameMapper: {
    '^@cent/backend$': path.join(backend, 'src', 'index.ts'),
    '^@cent/backend/testing$': path.join(backend, 'test', 'index.ts'),
    '^@cent/contracts$': path.resolve(__dirname, '..', 'contracts', 'src', 'index.ts'),
  },
  globalSetup: path.join(backend, 'test', 'global-setup.ts'),
  globalTeardown: path.join(backend, 'test', 'global-teardown.ts'),
  testTimeout: 120000,
  // Suites are independent (each its own anvil and database): two at a time.
  maxWorkers: 2,
};
