// Dependencies published as ES modules only; Jest on Node 20 cannot require() them, so SWC
// turns them into CommonJS like our own sources.
const ESM_DEPENDENCIES = ['content-disposition'];

/** @type {import('jest').Config} */
module.exports = {
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_DEPENDENCIES.join('|')})/)`],
  rootDir: '.',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  transform: {
    '^.+\\.js$': ['@swc/jest', { module: { type: 'commonjs' } }],
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
  },
  maxWorkers: 2,
  testTimeout: 30000,
  // Child processes and pools of the multi-instance suites must not keep a finished run alive.
  forceExit: true,
};
