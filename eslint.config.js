// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';

const root = dirname(fileURLToPath(import.meta.url));

/**
 * Imports flow one way (STYLE.md §4): common → db → server, common → app. A file in a layer
 * may import only from the layers listed for it; tests, scripts and benchmarks may import all.
 */
const ALLOWED = {
  common: ['common'],
  db: ['common', 'db'],
  server: ['common', 'db', 'server'],
  app: ['common', 'app'],
};

/** @type {import('eslint').Rule.RuleModule} */
const importDirection = {
  meta: {
    type: 'problem',
    schema: [],
    messages: { wrong: '{{from}}/ may not import from {{to}}/ (STYLE.md §4).' },
  },
  create(context) {
    const file = relative(root, context.filename);
    const from = file.split(sep)[0];
    const allowed = ALLOWED[/** @type {keyof typeof ALLOWED} */ (from)];
    if (!allowed) return {};
    /** @param {any} node */
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = relative(root, resolve(dirname(context.filename), source)).split(sep)[0];
      if (target && !allowed.includes(target)) {
        context.report({ node, messageId: 'wrong', data: { from, to: target } });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

/**
 * Each server module owns its tables (server/modules/README.md): only files of module X import
 * X's repository; every other module goes through X's service. Tests may import any repository.
 * @type {import('eslint').Rule.RuleModule}
 */
const moduleRepositories = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      foreign:
        "{{from}} may not import the {{module}} module's repository: use the {{module}} service (server/modules/README.md).",
    },
  },
  create(context) {
    const file = relative(root, context.filename);
    if (file.split(sep)[0] === 'tests') return {};
    const own = /^server[\\/]modules[\\/]([^\\/]+)[\\/]/.exec(file)?.[1];
    /** @param {any} node */
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = relative(root, resolve(dirname(context.filename), source));
      const match = /^server[\\/]modules[\\/]([^\\/]+)[\\/][^\\/]*-repository(\.ts)?$/.exec(target);
      if (match && match[1] !== own) {
        context.report({ node, messageId: 'foreign', data: { from: file, module: match[1] } });
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'build/',
      'data/',
      '.react-router/',
      'test-results/',
      'playwright-report/',
      'bench/results/',
      'db/migrations/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: {
      patrika: {
        rules: { 'import-direction': importDirection, 'module-repositories': moduleRepositories },
      },
    },
    rules: {
      'patrika/import-direction': 'error',
      'patrika/module-repositories': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    // CommonJS preloads (tests/setup/*.cjs) are required by Node before any module runs.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['app/**/*.tsx', 'app/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // No function body over about 80 lines in product code (issue 22): a function that long is
    // several use cases (STYLE.md "One use case, one file").
    files: ['app/**/*.{ts,tsx}', 'server/**/*.ts', 'common/**/*.ts', 'db/**/*.ts'],
    rules: {
      'max-lines-per-function': [
        'error',
        { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true },
      ],
    },
  },
);
