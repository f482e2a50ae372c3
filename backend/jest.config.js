/** Backend tests run against a real embedded PostgreSQL started once per jest run (test/global-setup). */
module.exports = {
  rootDir: '.',
  testEnvironment: 'node',
  // TypeScript first: a stray compiled .js beside a .ts must never shadow the source.
  moduleFileExtensions: ['ts', 'js', 'json', 'node'],
  // The contracts workspace from source (its TypeChain types come from `hardhat compile`, run by pretest).
  moduleNameMapper: { '^@cent/contracts$': '<rootDir>/../contracts/src/index.ts' },
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
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  testTimeout: 60000,
  maxWorkers: 2,
};
