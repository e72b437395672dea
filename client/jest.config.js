// MSW's dependencies published as ES modules only; Jest on Node 20 cannot require() them, so SWC
// turns them into CommonJS like our own sources.
const ESM_DEPENDENCIES = ['rettime', 'until-async', '@open-draft/deferred-promise'];

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: '<rootDir>/src/test/environment.ts',
  // Packages resolve to their Node builds (msw/node has no browser one).
  testEnvironmentOptions: { customExportConditions: [''] },
  testMatch: ['<rootDir>/src/**/*.spec.{ts,tsx}'],
  setupFilesAfterEnv: ['<rootDir>/src/test/setup.ts'],
  moduleNameMapper: {
    '\\.(css|scss)$': 'identity-obj-proxy',
    '^@contracts/(.*)$': '<rootDir>/../server/src/contracts/$1',
  },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_DEPENDENCIES.join('|')})/)`],
  transform: {
    '^.+\\.(t|j)sx?$|\\.mjs$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  maxWorkers: 2,
};
