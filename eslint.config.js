// Lint rules, including the import boundaries of docs/architecture.md §2, checked on every `npm test`.
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

// Inside server/, folders form one order: infrastructure first, then the features, each above what
// it uses. A folder may import the folders before it, never one after it, so no two folders import
// each other and infrastructure knows no feature. Only the composition root (app.ts, app-context.ts,
// main.ts) and the CLIs, which are start-ups of their own, know the whole app.
const serverLayers = [
  'shared',
  'event-store',
  'evidence',
  'commands',
  'reactors',
  'auth',
  'i18n',
  'http',
  'live',
  'notifications',
  'link-claims',
  'money',
  'ops',
  'documents',
  'ai',
  'settings',
  'web',
  'deals',
  'payment-requests',
  'admin',
  'disputes',
  'accounts',
  'cli',
];
const serverLayerZones = serverLayers.flatMap((folder, i) => [
  ...(i + 1 < serverLayers.length
    ? [
        {
          target: `./server/${folder}`,
          from: serverLayers.slice(i + 1).map((above) => `./server/${above}`),
          message: `server/${folder}/ may import only the server folders listed before it in eslint.config.js (serverLayers).`,
        },
      ]
    : []),
  ...(folder === 'cli'
    ? []
    : [
        {
          target: `./server/${folder}`,
          from: ['./server/app.ts', './server/app-context.ts'],
          message:
            'A feature receives the parts it uses from the composition root; it does not import the whole app.',
        },
      ]),
]);

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'data/**',
      'dist/**',
      'web/dist/**',
      'coverage/**',
      'tests/e2e/screenshots/**',
      '.tmp*/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: './tsconfig.json' }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Import cycles are checked by dependency-cruiser (`npm run lint:cycles`, .dependency-cruiser.cjs):
      // import-x/no-cycle skips `import type` and has no option to count it, so it would miss type-only cycles.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './machines',
              from: './server',
              message: 'machines/ is pure: no server code.',
            },
            {
              target: './machines',
              from: './projections',
              message: 'machines/ is pure: no projections.',
            },
            {
              target: './machines',
              from: './web',
              message: 'machines/ is pure: no web code.',
            },
            {
              target: './projections',
              from: './server',
              message: 'projections/ may import machines only.',
            },
            {
              target: './projections',
              from: './web',
              message: 'projections/ may import machines only.',
            },
            {
              target: './server',
              from: './web',
              message: 'server/ may import machines and projections only.',
            },
            {
              target: './web',
              from: './server',
              message: 'web/ may import machines only.',
            },
            {
              target: './web',
              from: './projections',
              message: 'web/ may import machines only.',
            },
            {
              target: './server/money/gateway',
              from: './server/money',
              except: ['./gateway'],
              message:
                'server/money/gateway/ is the gateway port and its adapters: the money handlers use it, not the other way round.',
            },
            ...serverLayerZones,
          ],
        },
      ],
    },
  },
  {
    // The web, the server and the projections reach machines/ through the `@machines/…` alias (tsconfig.json
    // `paths`), not ../../../../machines. web/build and web/vite.config.ts are loaded by Vite's config loader,
    // which does not read `paths`: they keep relative imports.
    files: ['web/src/**/*.{ts,tsx}', 'server/**/*.ts', 'projections/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+machines/',
              message:
                'Import machines through @machines/… (tsconfig.json paths).',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests sit beside the feature they test (tests/server/deals for server/deals) and name what they test
    // by its place (`@server/…`, `@machines/…`, `@projections/…`, `@tests/support/…`), so a test or a
    // feature can move without a ../ chain breaking. web/build is read by Vite's loader: relative.
    files: ['tests/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(?!\\.\\./|web/build/)',
              message:
                'Import through @server/…, @machines/…, @projections/… or @tests/… (tsconfig.json paths).',
            },
          ],
        },
      ],
    },
  },
  {
    // Inside the web app a module names another by its place under web/src (`@/features/…`), never by a
    // ../ chain: a file can move without its imports changing meaning.
    files: ['web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+machines/',
              message: 'Import machines through @machines/….',
            },
            {
              regex: '^\\.\\./',
              message: 'Import web modules through @/… (tsconfig.json paths).',
            },
          ],
          // React Router's build cannot be tree-shaken below 12 KB (compressed), most of the link
          // page's first-load budget over: the app's own router has the part the app uses.
          paths: [
            {
              name: 'react-router',
              message: 'Import the router from @/lib/router.',
            },
            {
              name: 'react-router-dom',
              message: 'Import the router from @/lib/router.',
            },
          ],
        },
      ],
    },
  },
  {
    // A function a reader takes in at once: at most 80 lines of code, screens (web/src/routes/) included:
    // a page hands its handlers to feature hooks. Tests live outside these folders.
    files: [
      'machines/**/*.ts',
      'server/**/*.ts',
      'projections/**/*.ts',
      'web/src/**/*.{ts,tsx}',
    ],
    rules: {
      'max-lines-per-function': [
        'error',
        { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true },
      ],
    },
  },
  {
    // machines/ may import xstate and zod only: no node built-ins, no React, no databases.
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!xstate$|zod$|\\.{1,2}/).*',
              message:
                'machines/ may import only xstate, zod and other machines files.',
            },
          ],
        },
      ],
    },
  },
);
