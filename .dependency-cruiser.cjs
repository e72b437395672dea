/**
 * The server's layers (docs/architecture.md), checked on every `npm run lint`:
 *   contracts, env            import nothing of ours
 *   common, database          import no feature
 *   modules/<feature>         import another feature only through its index.ts
 *   app, main, startup,       on top; nothing below imports them
 *   seed, cli, bench
 * and no two folders import each other, directly or around a loop.
 */
const SRC = '^server/src/';
const APP = `${SRC}(app\\.|main\\.ts|startup\\.ts|cli/|bench/|seed/)`;

module.exports = {
  forbidden: [
    {
      name: 'contracts-are-leaves',
      comment:
        'Contracts are plain TypeScript shared with the client: they import nothing of ours.',
      severity: 'error',
      from: { path: `${SRC}contracts/` },
      to: { path: SRC, pathNot: `${SRC}contracts/` },
    },
    {
      name: 'env-is-a-leaf',
      comment: 'The environment schema is read by everything and imports nothing of ours.',
      severity: 'error',
      from: { path: `${SRC}env/` },
      to: { path: SRC, pathNot: `${SRC}(env|contracts)/` },
    },
    {
      name: 'common-and-database-know-no-feature',
      comment: 'common/ and database/ sit below the features: move the code into the feature.',
      severity: 'error',
      from: { path: `${SRC}(common|database)/` },
      to: { path: `${SRC}modules/` },
    },
    {
      name: 'features-meet-through-index',
      comment:
        "A feature takes from another only what that feature's index.ts exports (its public face).",
      severity: 'error',
      from: { path: `${SRC}modules/([^/]+)/`, pathNot: '\\.spec\\.ts$' },
      to: {
        path: `${SRC}modules/`,
        pathNot: [`${SRC}modules/$1/`, `${SRC}modules/[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'nothing-imports-the-app',
      comment:
        'The app, the CLIs, the seed and the bench compose the layers below; nothing imports them.',
      severity: 'error',
      from: { path: `${SRC}(contracts|env|common|database|modules)/` },
      to: { path: APP },
    },
    {
      name: 'no-folder-cycles',
      comment:
        'Two folders that import each other (directly or around a loop) are one folder in disguise.',
      severity: 'error',
      scope: 'folder',
      from: { path: SRC },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)(dist|node_modules)/', '\\.spec\\.ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'server/tsconfig.json' },
  },
};
