import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

/*
 * The layer rules `npm run lint` checks (.dependency-cruiser.cjs), run on a small tree that
 * breaks each rule once beside imports the rules allow: every rule must fire, and only where it
 * should. (The real tree passing is the lint's own job.)
 */

const ROOT = join(__dirname, '../..');
const CRUISER = join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

const TREE: Record<string, string> = {
  'server/src/main.ts': "import { shop } from './modules/shop';\nexport const app = shop;\n",
  'server/src/contracts/money.ts':
    "import { helper } from '../common/helper';\nexport const m = helper;\n",
  'server/src/contracts/ok.ts': "import { m } from './money';\nexport const ok = m;\n",
  'server/src/env/env.ts':
    "import { helper } from '../common/helper';\nexport const env = helper;\n",
  'server/src/common/helper.ts': 'export const helper = 1;\n',
  'server/src/common/reach.ts':
    "import { sell } from '../modules/shop/shop.service';\nexport const r = sell;\n",
  'server/src/database/ok.ts':
    "import { helper } from '../common/helper';\nexport const d = helper;\n",
  'server/src/modules/shop/index.ts':
    "export { sell } from './shop.service';\nexport const shop = 1;\n",
  'server/src/modules/shop/shop.service.ts':
    "import { app } from '../../main';\nimport { helper } from '../../common/helper';\nexport const sell = [app, helper];\n",
  'server/src/modules/cart/index.ts':
    "import { shop } from '../shop';\nexport const cart = shop;\n",
  'server/src/modules/cart/deep.ts':
    "import { sell } from '../shop/shop.service';\nexport const deep = sell;\n",
  'server/src/modules/loop-a/index.ts': "import { b } from '../loop-b';\nexport const a = b;\n",
  'server/src/modules/loop-b/index.ts':
    "import { a } from '../loop-a';\nexport const b = () => a;\n",
};

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

let violations: Violation[];
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'portico-layers-'));
  for (const [path, text] of Object.entries(TREE)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const run = promisify(execFile);
  // The real rules; only the TypeScript project (the repository's) is left out.
  const config = join(dir, 'rules.cjs');
  writeFileSync(
    config,
    `const real = require(${JSON.stringify(join(ROOT, '.dependency-cruiser.cjs'))});\n` +
      'module.exports = { ...real, options: { ...real.options, tsConfig: undefined } };\n',
  );
  const args = [CRUISER, 'server/src', '--config', config, '--output-type', 'json'];
  // dependency-cruiser exits non-zero when it finds violations; the report is on stdout either way.
  const { stdout } = await run(process.execPath, args, { cwd: dir }).catch(
    (error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }),
  );
  const report = JSON.parse(stdout) as { summary: { violations: Violation[] } };
  violations = report.summary.violations;
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const by = (rule: string) =>
  violations.filter((v) => v.rule.name === rule).map((v) => `${v.from} -> ${v.to}`);

it('keeps the contracts free of every other folder', () => {
  expect(by('contracts-are-leaves')).toEqual([
    'server/src/contracts/money.ts -> server/src/common/helper.ts',
  ]);
});

it('keeps the environment free of every other folder', () => {
  expect(by('env-is-a-leaf')).toEqual(['server/src/env/env.ts -> server/src/common/helper.ts']);
});

it('keeps common/ and database/ below the features', () => {
  expect(by('common-and-database-know-no-feature')).toEqual([
    'server/src/common/reach.ts -> server/src/modules/shop/shop.service.ts',
  ]);
});

it("lets a feature take from another only through that feature's index.ts", () => {
  expect(by('features-meet-through-index')).toEqual([
    'server/src/modules/cart/deep.ts -> server/src/modules/shop/shop.service.ts',
  ]);
});

it('lets nothing below the application import it', () => {
  expect(by('nothing-imports-the-app')).toEqual([
    'server/src/modules/shop/shop.service.ts -> server/src/main.ts',
  ]);
});

it('refuses two folders that import each other', () => {
  const cycles = violations.filter((v) => v.rule.name === 'no-folder-cycles');
  const folders = new Set(cycles.flatMap((v) => [v.from, v.to]));
  expect(folders).toContain('server/src/modules/loop-a');
  expect(folders).toContain('server/src/modules/loop-b');
  // main -> shop -> main is a loop through the application too.
  expect(folders).toContain('server/src/modules/shop');
  expect(folders).not.toContain('server/src/database');
});
