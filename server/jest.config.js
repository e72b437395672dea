/*
 * Two lanes. `unit`: specs under src that need no database, no build and no network beyond
 * loopback fakes (npm run test:unit). `integration`: the HTTP suites under test/ and the src specs
 * that open a database, which on a machine without one skip and in CI fail (test/requires.ts).
 * Plain `jest` runs both.
 */
const DATABASE_SPECS = [
  '<rootDir>/src/modules/ledger/ambiguous-commit.spec.ts',
  '<rootDir>/src/modules/ledger/code-ledger.spec.ts',
  '<rootDir>/src/database/migrate.spec.ts',
  '<rootDir>/src/database/mysql-hosts.spec.ts',
  '<rootDir>/src/database/transactions.spec.ts',
  '<rootDir>/src/modules/ledger/mysql-ledger.spec.ts',
];

/** openid-client and the libraries under it ship only ES modules; Jest's sandbox wants CommonJS. */
const ES_MODULE_PACKAGES = ['openid-client', 'oauth4webapi', 'jose'];

const shared = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
    [`/node_modules/(${ES_MODULE_PACKAGES.join('|')})/.+\\.js$`]: [
      '@swc/jest',
      { jsc: { target: 'es2022' }, module: { type: 'commonjs' } },
    ],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${ES_MODULE_PACKAGES.join('|')})/)`],
};

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testMatch: ['<rootDir>/src/**/*.spec.ts'],
      testPathIgnorePatterns: ['/node_modules/', ...DATABASE_SPECS],
    },
    {
      ...shared,
      displayName: 'integration',
      testMatch: ['<rootDir>/test/**/*.spec.ts', ...DATABASE_SPECS],
    },
  ],
  maxWorkers: 2,
  testTimeout: 30000,
  // it.concurrent is for tests that mostly wait (a database gone for seconds, say), each on state
  // of its own: all of a block's at once rather than Jest's five.
  maxConcurrency: 50,
};
