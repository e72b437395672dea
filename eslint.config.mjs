import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const FEATURES = 'client/src/features';
const SHARE = 'share it through client/src/lib, client/src/components/ui or client/src/app.';

/**
 * The boundaries of DESIGN.md §2: a feature reaches no other feature's files; lib/ knows neither
 * features nor app/; the client takes from the server only its contracts, and the contracts take
 * nothing from anywhere. Every feature folder gets its zone, so a new one is covered at once.
 */
const boundaries = [
  ...readdirSync(FEATURES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => ({
      target: `${FEATURES}/${name}`,
      from: FEATURES,
      except: [`./${name}`],
      message: `A feature imports only its own files; ${SHARE}`,
    })),
  {
    target: 'client/src/lib',
    from: [FEATURES, 'client/src/app'],
    message: 'lib/ is below the features and the app; it imports neither.',
  },
  {
    target: 'client/src/components',
    from: FEATURES,
    message: `Shared components import no feature; ${SHARE}`,
  },
  {
    target: 'client/src',
    from: 'server',
    except: ['./src/contracts'],
    message: 'The client takes from the server only server/src/contracts (as @contracts/...).',
  },
  {
    target: 'server/src/contracts',
    from: '.',
    except: ['./server/src/contracts'],
    message: 'Contracts are plain TypeScript shared with the client: they import nothing else.',
  },
];

/** lib/hydration replays early keystrokes inside an effect: by the time an updater runs, React
 * has put the field's old value back (ssr.e2e, register before hydration). */
const TARGET_IN_UPDATER = {
  selector:
    "CallExpression[callee.name=/^set[A-Z]/] > ArrowFunctionExpression MemberExpression[object.type='MemberExpression'][object.property.name=/^(target|currentTarget)$/]",
  message:
    'Read the event target when the event comes (const { value } = e.target), not inside a state updater.',
};

const ADMIN = 'client/src/features/admin';
const ADMIN_TEXT = `Admin texts live in ${ADMIN}/i18n (issue 33: the admin reads like the public site).`;
const HAN = '/[\\u3400-\\u9fff\\uff00-\\uffef]/';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-dev/**',
      '**/node_modules/**',
      'data/**',
      '**/*.js',
      '**/*.cjs',
      // Test peers run as ES modules in their own process (plain JavaScript, like the .cjs ones).
      'server/test/*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['eslint.config.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['client/src/**/*.{ts,tsx}', 'server/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // The TypeScript sources must be parsed for no-cycle to follow their imports.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          alwaysTryTypes: true,
          project: ['client/tsconfig.json', 'server/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: boundaries },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['client/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-syntax': ['error', TARGET_IN_UPDATER],
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.spec.tsx', '**/test/**/*.ts', 'client/e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // The admin client reads like the public one (issue 33): no text outside its catalogue, and
    // screens split into hooks and parts a reader takes in at once.
    files: [`${ADMIN}/**/*.{ts,tsx}`],
    ignores: [`${ADMIN}/i18n/**`, '**/*.spec.ts', '**/*.spec.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        TARGET_IN_UPDATER,
        { selector: `Literal[value=${HAN}]`, message: ADMIN_TEXT },
        { selector: `TemplateElement[value.raw=${HAN}]`, message: ADMIN_TEXT },
        { selector: `JSXText[value=${HAN}]`, message: ADMIN_TEXT },
      ],
    },
  },
  {
    files: [`${ADMIN}/**/*.tsx`],
    ignores: ['**/*.spec.tsx'],
    rules: { 'max-lines': ['error', { max: 120 }] },
  },
);
