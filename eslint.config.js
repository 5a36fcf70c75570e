import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Module boundaries (see ARCHITECTURE.md): common/ imports nothing of the others;
// web/ and server/ never import each other; a server module reaches another module
// only through its service, never its repository or routes.
const forbid = (groups, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: groups, message }] }],
});

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**', 'test-results/**', 'playwright-report/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'smart'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['common/**/*.{ts,tsx}'],
    rules: forbid(['**/server/**', '**/web/**', 'node:*', 'fastify*', 'react*'], 'common/ runs on both sides and imports nothing of server/ or web/.'),
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...forbid(['**/server/**', 'node:*'], 'web/ never imports server code: share it through common/.'),
    },
  },
  {
    files: ['web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['server/**/*.ts'],
    rules: forbid(['**/web/**'], 'server/ never imports the SPA: share it through common/.'),
  },
  {
    files: ['server/modules/**/*.ts'],
    rules: forbid(
      ['**/web/**', '../*/repository*', '../*/routes*', '../../modules/*/repository*', '../../modules/*/routes*'],
      'A server module reaches another module only through its service.',
    ),
  },
  {
    // A migration is history: importing application code would change what it does when that
    // code changes. It may use server/db (dialect helpers, schema types) and packages only.
    files: ['server/db/migrations/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: forbid(['../../*', '../../**', '**/web/**'], 'A migration imports nothing outside server/db: copy the SQL it needs into it.'),
  },
  {
    files: ['scripts/**/*.ts', 'e2e/**/*.ts', '*.config.{js,ts}'],
    rules: { 'no-console': 'off' },
  },
);
