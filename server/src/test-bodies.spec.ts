import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/*
 * A test that returns early passes without asserting what its name says. Every spec and browser
 * test in the repository is parsed, and a `return` in an it()/test() callback (outside functions
 * nested in it) is refused unless it is the callback's last statement.
 */

const ROOT = join(__dirname, '../..');
const DIRS = ['server/src', 'server/test', 'client/src', 'client/e2e'];
const SPEC = /\.(spec|e2e)\.tsx?$/;
const TEST_NAMES = new Set(['it', 'test']);

function specFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : specFiles(path);
    return SPEC.test(entry.name) ? [path] : [];
  });
}

/** `it`, `test`, `it.each(...)`, `it.concurrent`, `javaTest`-style aliases are not followed. */
function isTestCall(call: ts.CallExpression): boolean {
  let callee: ts.Expression = call.expression;
  while (ts.isCallExpression(callee) || ts.isPropertyAccessExpression(callee)) {
    callee = callee.expression;
  }
  return ts.isIdentifier(callee) && TEST_NAMES.has(callee.text);
}

function earlyReturns(body: ts.Block, file: ts.SourceFile): number[] {
  const last = body.statements[body.statements.length - 1];
  const lines: number[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node)) return;
    if (ts.isReturnStatement(node) && node !== last) {
      lines.push(file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1);
    }
    ts.forEachChild(node, visit);
  };
  body.statements.forEach(visit);
  return lines;
}

/** `path:line` of every early return in a test body of `source`. */
export function findEarlyReturns(path: string, source: string): string[] {
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && isTestCall(node)) {
      for (const arg of node.arguments) {
        if ((ts.isArrowFunction(arg) || ts.isFunctionExpression(arg)) && ts.isBlock(arg.body)) {
          found.push(...earlyReturns(arg.body, file).map((line) => `${path}:${line}`));
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('test bodies', () => {
  it('finds a return that ends a test early, and only that', () => {
    const source = `
      it('a', async () => {
        if (skip()) return;
        expect(1).toBe(1);
      });
      it.each([1])('b %s', (n) => {
        const f = () => { return n; };
        expect(f()).toBe(n);
        return;
      });
      test('c', () => { for (const x of xs) { if (x) return; } expect(1).toBe(1); });`;
    expect(findEarlyReturns('x.spec.ts', source)).toEqual(['x.spec.ts:3', 'x.spec.ts:11']);
  });

  it('has no test in the repository that can return before its assertions', () => {
    const files = DIRS.flatMap((dir) => specFiles(join(ROOT, dir)));
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((path) =>
      findEarlyReturns(relative(ROOT, path), readFileSync(path, 'utf8')),
    );
    expect(found).toEqual([]);
  });
});
