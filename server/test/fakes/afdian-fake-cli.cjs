// `npm run afdian:fake`: runs the TypeScript fake without a build step, transpiled by SWC the way
// the test suites are.
const { transformFileSync } = require('@swc/core');

require.extensions['.ts'] = (module, filename) => {
  const { code } = transformFileSync(filename, {
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};

require('./afdian-fake.ts')
  .runCli(process.argv.slice(2))
  .catch((error) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
