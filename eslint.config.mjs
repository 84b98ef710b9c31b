// ESLint for the whole workspace (run by `npm test` → scripts/lint.mjs, and so by CI).
// typescript-eslint's recommended rules, React hooks rules, and the architecture's import boundaries:
// - a remote (mfe-*) never imports another remote, the shell or the api; the shell never imports a remote;
// - an api module is imported from outside its folder only through its index.ts;
// - the api's platform never imports a module.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

const REMOTES = ['mfe-auth', 'mfe-shop', 'mfe-cart', 'mfe-sales', 'mfe-crm', 'mfe-stock', 'mfe-marketing', 'mfe-accounting', 'mfe-pos'];

/** A regex of the imports that reach into another top-level package (by name, or by a relative path out of its own). */
const otherPackages = (self) => {
  const names = [...REMOTES, 'shell', 'api', 'gateway'].filter((p) => p !== self).join('|');
  return `^((\\.\\./){2,})?(${names})(/|$)`;
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      '**/.data/**',
      'e2e/test-results/**',
      'api/drizzle/**',
      '**/coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.jest } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  { files: ['tooling/jest-jsdom-*.cjs'], languageOptions: { globals: { ...globals.browser } } },
  // import boundaries
  ...[...REMOTES, 'shell'].map((pkg) => ({
    files: [`${pkg}/src/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: otherPackages(pkg),
              message: "A remote or the shell never imports another package's code: go through shared-kernel (DESIGN §1).",
            },
            {
              group: ['react-router', 'react-router-dom', 'react-i18next'],
              message: 'Use shared-kernel/router and shared-kernel/i18n (Module Federation singletons).',
            },
          ],
        },
      ],
    },
  })),
  {
    files: [
      '**/src/**/{test,testing}/**/*.{ts,tsx}',
      '**/*.test.{ts,tsx}',
      '**/test-utils.{ts,tsx}',
      'mfe-shop/src/ssr/**',
      'shared-kernel/src/router/index.ts',
      'shared-kernel/src/i18next/**',
    ],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // outside a module: modules/<m> (its index), never modules/<m>/<file>
    files: ['api/src/**/*.ts'],
    ignores: ['api/src/**/*.test.ts', 'api/src/test/**', 'api/src/modules/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)modules/[a-z-]+/[^/]+$', message: 'Import an api module only through its index.ts (DESIGN §8).' }] },
      ],
    },
  },
  {
    // inside a module: another module is ../<m> (its index), never ../<m>/<file>
    files: ['api/src/modules/**/*.ts'],
    ignores: ['api/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ regex: '^\\.\\./(?!\\.\\.)[a-z-]+/[^/]+$', message: 'Import an api module only through its index.ts (DESIGN §8).' }],
        },
      ],
    },
  },
  {
    files: ['api/src/platform/**/*.ts'],
    ignores: ['api/src/platform/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)modules/', message: 'The platform never imports a module: have the module hand it in.' }] },
      ],
    },
  },
  prettier,
);
