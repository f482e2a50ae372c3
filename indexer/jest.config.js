/**
 * Indexer tests: a real anvil per test file (started by the test) and the real PostgreSQL that backend's
 * global setup starts once per run. `@cent/backend` and `@cent/contracts` resolve to their TypeScript
 * sources (compiled by @swc/jest), so a fresh clone needs only the Solidity compile (pretest).
 */
const path = require('node:path');
const backend = path.resolve(__dirname, '..', 'backend');

module.exports = {
  rootDir: '.',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', {
      jsc: {
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    }],
  },
  moduleNameMapper: {
    '^@cent/backend$': path.join(backend, 'src', 'index.ts'),
    '^@cent/contracts$': path.resolve(__dirname, '..', 'contracts', 'src', 'index.ts'),
  },
  globalSetup: path.join(backend, 'test', 'global-setup.ts'),
  globalTeardown: path.join(backend, 'test', 'global-teardown.ts'),
  testTimeout: 120000,
  maxWorkers: 1,
};
