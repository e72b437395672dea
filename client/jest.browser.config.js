/** Browser tests: the built site in Debian's Chromium, driven by playwright-core. */
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  testMatch: ['<rootDir>/e2e/**/*.e2e.ts'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
    ],
  },
  testTimeout: 60000,
  // Each file starts its own site (a free port, its own SQLite database) and its own Chromium, so
  // two files run at once: on the 2-core machine the lane took 498 s so against 754 s one by one.
  maxWorkers: 2,
};
