// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Import boundaries (CONVENTIONS.md): shared ← server, shared ← web, never server ↔ web. */
const boundary = (message, ...regexes) => ({
  'no-restricted-imports': ['error', { patterns: regexes.map((regex) => ({ regex, message })) }],
});

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'data/',
      'coverage/',
      'playwright-report/',
      'test-results/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['src/shared/**'],
    ignores: ['**/*.test.ts'],
    rules: boundary(
      'src/shared is imported by both sides: it may import only zod and itself.',
      '^(\\.\\./)+(server|web)(/|$)',
      '^(?!zod$|zod/|\\.)',
    ),
  },
  {
    files: ['src/server/**', 'scripts/**'],
    rules: boundary('The server never imports the web app.', '^(\\.\\./)+(src/)?web(/|$)'),
  },
  {
    // Server and web test files share their worker's modules (vitest.config.ts):
    // a module mock there would leak into other files or be ignored.
    files: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    ignores: ['src/server/**/*.isolated.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock)$/]",
          message:
            'A module mock needs its own registry: name the file *.isolated.test.ts (src/server).',
        },
      ],
    },
  },
  {
    files: ['src/web/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...boundary(
        'The web app never imports the server: share through src/shared.',
        '^(\\.\\./)+(src/)?server(/|$)',
      ),
    },
  },
  {
    // A feature uses another feature only through what that feature exports from its index.
    files: ['src/web/features/*/*/**'],
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...boundary(
        'Import another feature through its index, not its internals (CONVENTIONS.md).',
        '^(\\.\\./)+(src/)?server(/|$)',
        '^\\.\\./\\.\\./(?!\\.)[^/]+/',
      ),
    },
  },
);
