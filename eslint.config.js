import js from '@eslint/js';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import importLayers from './scripts/eslint-import-layers.mjs';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      '.test-data/**',
      'apps/server/src/db/migrations/**',
      '**/generated/**',
      'test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // One import statement per module (a type-only import may stand beside the value one).
    plugins: { import: importX },
    rules: { 'import/no-duplicates': 'error' },
  },
  // The service worker is plain JavaScript the build copies as it is (apps/web/build/service-worker.ts).
  {
    files: ['apps/web/service-worker/**/*.js'],
    languageOptions: { globals: { ...globals.serviceworker, VERSION: 'readonly', PRECACHE: 'readonly' } },
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // Type-aware rules: a switch over a union names every member (or says why it has a default). Three programs, named
    // (tsconfig.node.json holds the server, the benchmarks and the journeys): found file by file (projectService),
    // the benchmarks' own tsconfig made a second program of most of the server.
    files: ['{apps,packages,e2e,bench}/**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.node.json', './apps/web/tsconfig.json', './packages/domain/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: { '@typescript-eslint/switch-exhaustiveness-check': 'error' },
  },
  { files: ['apps/web/**/*.{ts,tsx}'], ...reactHooks.configs.flat.recommended },
  {
    // Every production file reads in one sitting: at most 400 lines, schemas (*.graphql.ts), server-rendered pages and
    // React components included. A file that grows past it splits along a seam of the spec (one concept per file).
    // Tests, generated code and migrations are left out.
    files: ['{apps,packages}/**/*.{ts,tsx,js,mjs}', 'scripts/**/*.{js,mjs}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**', '**/test-fixtures/**', '**/test-factories.ts'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  {
    // Money has one home: dollars and cents convert and print only through packages/domain/src/pricing.ts
    // and format.ts, so a page cannot round differently or print '$12.5'. A 100 that is not money (a percentage)
    // goes through a named helper such as percentOf.
    files: ['apps/server/src/**/*.{ts,tsx}', 'apps/web/src/**/*.{ts,tsx}', 'packages/domain/src/**/*.ts'],
    ignores: ['packages/domain/src/pricing.ts', 'packages/domain/src/numbers.ts', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['left', 'right'].map((side) => ({
          selector: `BinaryExpression[operator=/^[*\\/]$/][${side}.type='Literal'][${side}.value=100]`,
          message:
            'No inline money arithmetic: use dollarsToCents / centsToDollars (@listwise/domain/pricing) or formatDollars / formatCents (@listwise/domain/format); for a percentage use percentOf.',
        })),
      ],
    },
  },
  {
    // packages/domain is shared by both apps and may import neither.
    files: ['packages/domain/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/apps/**', '@listwise/server*', '@listwise/web*'] }] },
  },
  {
    // The module map (docs/architecture.md): the server's layers import only downward and its modules only the modules
    // scripts/server-layers.mjs allows them; the web's features import no other feature, and shared web code no feature.
    files: ['apps/server/src/**/*.{ts,tsx}', 'apps/web/src/**/*.{ts,tsx}'],
    plugins: { listwise: importLayers },
    rules: { 'listwise/import-layers': 'error' },
  },
);
