import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Module boundaries (see ARCHITECTURE.md): common/ imports nothing of the others;
// web/ and server/ never import each other; a server module reaches another module
// only through its door, its `service.ts` or `index.ts`.
const forbid = (groups, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: groups, message }] }],
});

// The SPA's layers (ARCHITECTURE.md): web/app composes the features; a feature
// (web/features/<feature>/) imports only its own folder and the shared layers, web/components,
// web/lib and common/ (its tests also web/test, web/app and content/), never another feature. A back-office section
// (web/features/manager/<section>/) is a feature of its own: besides those it may use the back
// office's shared root files (web/features/manager/*.ts(x): the staff session, keys, filters) but
// not the shell that loads the sections (the registry, the layouts, the index page), and the page
// kind the message sections share (web/features/manager/messages/, which is no section).
const MANAGER = 'web/features/manager/';
const MANAGER_SHELL = new Set(['sections', 'ManagerLayouts', 'ManagerPages']);
const SHARED_LAYERS = ['web/components/', 'web/lib/', 'common/'];

/** The folder a file of web/features/ may import freely, or null outside the features. */
function homeOf(file) {
  if (!file.startsWith('web/features/')) return null;
  const parts = file.split('/');
  if (parts[2] === 'manager') return parts.length > 4 ? `${MANAGER}${parts[3]}/` : MANAGER;
  return parts.length > 3 ? `web/features/${parts[2]}/` : null;
}

function allowed(home, target, isTest) {
  if (target.startsWith(home) || SHARED_LAYERS.some((layer) => target.startsWith(layer))) return true;
  // A test may render the whole app (its router, its providers) with the test helpers, on the
  // release's content files.
  if (isTest && ['web/test/', 'web/app/', 'content/'].some((layer) => target.startsWith(layer))) return true;
  if (home.startsWith(MANAGER) && home !== MANAGER) {
    if (target.startsWith(`${MANAGER}messages/`)) return true;
    const rest = target.slice(MANAGER.length);
    const root = target.startsWith(MANAGER) && !rest.includes('/');
    return root && !MANAGER_SHELL.has(rest.replace(/\.tsx?$/, ''));
  }
  return false;
}

const featureImports = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      outside:
        "A feature imports only its own folder, web/components, web/lib and common/ (a back-office section also the back office's shared root files and messages/), never another feature: '{{source}}'. Move what both need to a shared layer, or compose them in web/app.",
    },
  },
  create(context) {
    const file = path.relative(context.cwd, context.filename).split(path.sep).join('/');
    const home = homeOf(file);
    if (!home) return {};
    const isTest = /\.test\.tsx?$/.test(file);
    const check = (node) => {
      const source = node?.type === 'Literal' ? node.value : null;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), source));
      if (!allowed(home, target, isTest)) context.report({ node, messageId: 'outside', data: { source } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      // A test's module stand-ins name modules too.
      'CallExpression[callee.object.name="vi"][callee.property.name=/^(mock|doMock|importActual)$/]': (
        node,
      ) => check(node.arguments[0]),
    };
  },
};

const MODULES_DIR = path.join(import.meta.dirname, 'server', 'modules');

/** The module a path lies in (`sales`) and the rest of the path inside it (`['ledger']`), if any. */
function moduleOf(file) {
  const inside = path.relative(MODULES_DIR, file);
  if (inside.startsWith('..') || path.isAbsolute(inside)) return undefined;
  const [name, ...rest] = inside.split(path.sep);
  return { name, rest };
}

// A module's door is the folder itself (its index.ts), `index` or `service`, with or without an
// extension. Each import is resolved against the importing file, so how deep the file is and how
// the path is spelled (`../ledger/earnings`, `../../modules/ledger/earnings`) make no difference; every
// form counts: import, export ... from, import(), and import('...') in types.
const moduleDoors = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      door: "A server module reaches another only through that module's service.ts or index.ts: '{{source}}' is inside modules/{{module}}.",
    },
  },
  create(context) {
    const own = moduleOf(context.filename);
    if (!own) return {};
    const check = (source) => {
      const spec =
        source?.type === 'Literal'
          ? source.value
          : source?.type === 'TemplateLiteral' && source.expressions.length === 0
            ? source.quasis[0].value.cooked
            : undefined;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = moduleOf(path.resolve(path.dirname(context.filename), spec.replace(/[?#].*$/, '')));
      if (!target || target.name === own.name) return;
      const door =
        target.rest.length === 0 ||
        (target.rest.length === 1 && /^(index|service)(\.[cm]?[jt]sx?)?$/.test(target.rest[0]));
      if (door) return;
      context.report({ node: source, messageId: 'door', data: { source: spec, module: target.name } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      TSImportType: (node) => check(node.source),
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      '.tmp/**',
    ],
  },
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
    rules: forbid(
      ['**/server/**', '**/web/**', 'node:*', 'fastify*', 'react*'],
      'common/ runs on both sides and imports nothing of server/ or web/.',
    ),
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
    // The shared layers serve every feature and know none: web/components and web/lib import only
    // each other and common/ (ARCHITECTURE.md, docs/decisions/066).
    files: ['web/components/**/*.{ts,tsx}', 'web/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', 'node:*'],
              message: 'web/ never imports server code: share it through common/.',
            },
            {
              group: ['**/features/**', '**/app/**'],
              message:
                'web/components and web/lib serve every feature and import none (nor web/app): move what they need here.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/features/**/*.{ts,tsx}'],
    plugins: { layers: { rules: { 'feature-imports': featureImports } } },
    rules: { 'layers/feature-imports': 'error' },
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
    // Tests included: a module's tests are its code, and reach other modules as it does.
    files: ['server/modules/**/*.ts'],
    plugins: { portal: { rules: { 'module-doors': moduleDoors } } },
    rules: { 'portal/module-doors': 'error' },
  },
  {
    // A migration is history: importing application code would change what it does when that
    // code changes. It may use server/db (dialect helpers, schema types) and packages only.
    files: ['server/db/migrations/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: forbid(
      ['../../*', '../../**', '**/web/**'],
      'A migration imports nothing outside server/db: copy the SQL it needs into it.',
    ),
  },
  {
    files: ['scripts/**/*.ts', 'e2e/**/*.ts', '*.config.{js,ts}'],
    rules: { 'no-console': 'off' },
  },
);
