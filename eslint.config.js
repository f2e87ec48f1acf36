// Lint rules: ESLint recommended + typescript-eslint + React hooks. Formatting is Prettier's (`npm run format`).
import js from '@eslint/js';
import { builtinRules } from 'eslint/use-at-your-own-risk';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * First segments of the page paths in common/routes.ts (kept in step by common/routes.test.ts). A string or template
 * that starts with one (`'/settings'`, `` `/chats/${id}` ``, `redirect('/login')`) is a hand-typed page path. Not
 * page paths, so allowed: `/` alone, `/api/…` (the endpoints' own rule), `/media`, `/cdn`, `/webhooks`, `/push`,
 * static assets, and regular expressions that match paths (terms-gate's open pages).
 */
const PAGE_SEGMENTS = [
  'accept-terms',
  'account-deleted',
  'activate',
  'chats',
  'complaints',
  'complete-signup',
  'credits',
  'directdebit',
  'email-reenable',
  'landers',
  'lang-config',
  'likes',
  'login',
  'mail-change',
  'match-finder',
  'members',
  'notifications',
  'pages',
  'premium',
  'pricing',
  'profile',
  'reactivate',
  'reset-password',
  'settings',
  'signup',
  'signup-matches',
  'swipe-game',
  'transactions',
  'unsubscribe',
];
const PAGE_PATH = new RegExp(`^/(${PAGE_SEGMENTS.join('|')})(?=[/?#]|$)`);

/** Project rules that `no-restricted-syntax` cannot hold beside the other selectors on the same files. */
const amora = {
  rules: {
    'no-page-path': {
      meta: {
        type: 'problem',
        docs: { description: 'Page paths come from common/routes.ts, never typed by hand.' },
        messages: {
          pagePath:
            "Build page paths with url(name, params, query) (web/lib/url.ts) or pagePath/pageUrl (common/routes.ts); don't type them.",
        },
        schema: [],
      },
      create(context) {
        const check = (node, text) => {
          if (typeof text === 'string' && PAGE_PATH.test(text)) context.report({ node, messageId: 'pagePath' });
        };
        return {
          Literal: (node) => check(node, node.value),
          TemplateLiteral: (node) => check(node, node.quasis[0].value.cooked ?? node.quasis[0].value.raw),
        };
      },
    },
  },
};

/** A non-type import of the query builder or the tables: SQL belongs in *.repository.ts files. */
const sqlImportRule = {
  selector: "ImportDeclaration[importKind!='type'][source.value=/^drizzle-orm|\\/db\\/schema\\//]",
  message: 'SQL belongs in a *.repository.ts file: call a repository function (import only types here).',
};

/** An `/api/…` path written by hand: it belongs in the endpoint's descriptor in common/wire/. */
const apiPathMessage =
  'Use the endpoint descriptor from common/wire/ (api.call(chatApi.send, …) on the web, route(app, chatApi.send, …) on the server).';
const apiPathRules = [
  { selector: 'Literal[value=/^\\/api\\//]', message: apiPathMessage },
  { selector: 'TemplateElement[value.raw=/^\\/api\\//]', message: apiPathMessage },
];

/**
 * Import restrictions shared by several blocks below. In a flat config a later block's options for a rule replace an
 * earlier block's for the files both match, so a block that restricts more imports repeats the server-wide patterns.
 */
const enqueuePattern = {
  regex: 'jobs/jobs\\.repository(\\.ts)?$',
  importNames: ['enqueueJob', 'enqueueJobOnce'],
  message: 'Queue a job with its declared kind: `declareJob({ kind, payload }).enqueue(tx, payload, …)`.',
};
const repositoryPattern = {
  regex: '\\.(service|routes)(\\.ts)?$',
  caseSensitive: true,
  message: 'A repository holds SQL only; it never imports a service or a routes file.',
};
const routesPattern = {
  regex: '\\.routes(\\.ts)?$',
  caseSensitive: true,
  message: 'A routes file never imports another routes file; call the other module through its service.',
};

export default tseslint.config(
  {
    ignores: [
      'build/**',
      '.react-router/**',
      'node_modules/**',
      'server/db/migrations/**',
      'reports/**',
      'test-results/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
      // Config is parsed once in server/config.ts; everything else receives it (overridden below for tooling).
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Only server/config.ts reads process.env; take the value from the config.',
        },
      ],
    },
  },
  {
    // Boundaries: the browser bundle takes only types from the server (runtime code would ship server modules and
    // their table definitions twice); data flows to pages through loaders and the API.
    files: ['web/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/|#)server/',
              caseSensitive: true,
              allowTypeImports: true,
              message: 'web/ may only `import type` from server/; get data through a loader or the API.',
            },
          ],
        },
      ],
    },
  },
  {
    // One typed API contract: every endpoint is a descriptor in common/wire/ (method, path, schemas); the web calls it
    // through a feature's *.api.ts module with api.call(descriptor), so no path is written twice.
    files: ['web/**/*.{ts,tsx}'],
    ignores: ['web/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...apiPathRules] },
  },
  {
    // One table of page paths: the web's links, React Router's routes and the server's emailed links read
    // common/routes.ts, so a renamed page cannot leave a dead link behind. Tests may type the paths they expect.
    files: ['web/**/*.{ts,tsx}', 'server/**/*.ts', 'common/**/*.ts'],
    ignores: ['common/routes.ts', '**/*.test.{ts,tsx}', 'server/test/**'],
    plugins: { amora },
    rules: { 'amora/no-page-path': 'error' },
  },
  {
    // A job is queued through its declared kind (`declareJob(…).enqueue`), which types its payload by the schema the
    // runner checks.
    files: ['server/**/*.ts'],
    ignores: ['server/jobs/**', 'server/**/*.test.ts', 'server/test/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [enqueuePattern],
        },
      ],
    },
  },
  {
    // common/ is shared by the server and the browser bundle: it reaches neither side, nor Node's built-ins.
    files: ['common/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/|#)(server|web)/',
              caseSensitive: true,
              message:
                'common/ imports nothing from server/ or web/: move the shared piece into common/, or the code out of it.',
            },
            {
              regex: '^node:',
              caseSensitive: true,
              message: 'common/ runs in the browser too: no Node built-ins (read files in server/, e.g. server/lib/).',
            },
          ],
        },
      ],
    },
  },
  {
    // Layers: routes -> service -> repository; a repository never reaches up.
    files: ['server/**/*.repository.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [enqueuePattern, repositoryPattern],
        },
      ],
    },
  },
  {
    // SQL lives in *.repository.ts only: elsewhere the query builder and the table objects are out of reach,
    // so a service passes `db`/`tx` to repository functions and a route calls a service. Row types stay importable.
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.repository.ts', 'server/db/**', 'server/test/**', 'server/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': ['error', sqlImportRule],
    },
  },
  {
    // The composition root builds each part after what it uses: nothing is read before it is declared (the job runner
    // and the services that run jobs meet through the late-bound queue of server/jobs/job-queue.ts).
    files: ['server/services.ts', 'server/areas/**/*.ts', 'server/**/*.area.ts'],
    rules: {
      'no-use-before-define': 'off',
      '@typescript-eslint/no-use-before-define': ['error', { functions: false, classes: true, variables: true }],
    },
  },
  {
    // A routes file registers its own module's HTTP endpoints; modules meet in services, not in each other's routes.
    files: ['server/**/*.routes.ts'],
    rules: {
      // Paths come from the endpoint descriptors in common/wire/ (registered with server/lib/route.ts).
      'no-restricted-syntax': ['error', sqlImportRule, ...apiPathRules],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [enqueuePattern, routesPattern],
        },
      ],
    },
  },
  {
    // The server logs through pino (services get it injected): console output skips levels, redaction and JSON lines.
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.test.ts', 'server/test/**'],
    rules: { 'no-console': 'error' },
  },
  {
    // Files by what the member does: a source file past 400 lines is an error, past 300 a warning to split it soon;
    // functions with more than 3 positional parameters should take an options object. Tests (one file lists a
    // feature's scenarios) and seed data (tables of demo members and pictures) are exempt; migrations are ignored above.
    files: ['server/**/*.{ts,tsx}', 'web/**/*.{ts,tsx}', 'common/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'server/db/seed/**'],
    // The core max-lines rule a second time under its own name, so one limit can warn and the other fail.
    plugins: { size: { rules: { 'max-lines-soft': builtinRules.get('max-lines') } } },
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }],
      'size/max-lines-soft': ['warn', { max: 300, skipBlankLines: false, skipComments: false }],
      'max-params': ['warn', 3],
    },
  },
  {
    // Imports across folders use the package's subpath aliases (`#common/…`, `#server/…`, `#web/…`, package.json
    // "imports"), never a climb of two levels or more: a moved file then keeps its imports.
    files: ['server/**/*.{ts,tsx}', 'web/**/*.{ts,tsx}', 'common/**/*.{ts,tsx}', 'bench/**/*.ts', 'scripts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./){2,}',
              message: 'Import through an alias (#common/…, #server/…, #web/…) instead of climbing ../../.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tooling and tests may read the environment: they start processes and pick databases.
    files: [
      'server/config.ts',
      'server/test/**',
      '**/*.test.{ts,tsx}',
      'e2e/**',
      'bench/**',
      'scripts/**',
      '*.config.ts',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
);
