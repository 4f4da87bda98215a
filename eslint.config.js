// Lint rules that carry the architecture: the import boundaries of docs/architecture.md ("Where code goes") are enforced
// here, not remembered.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

const boundaries = [
  {
    target: './src/domain',
    from: ['./src/contracts', './src/server', './src/web'],
    message: 'domain imports nothing of ours.',
  },
  {
    target: './src/contracts',
    from: ['./src/server', './src/web'],
    message: 'contracts import only domain.',
  },
  { target: './src/server', from: './src/web', message: 'server never imports web.' },
  { target: './src/web', from: './src/server', message: 'web never imports server.' },
];

// Features never reach into each other (docs/architecture.md, "Where code goes"); they compose at src/web/app. What two
// features need lives in the shared layer (SHARED_WEB below), not in either of them. The one
// feature others may import is `slots`: the time-slot picker and its slots query (ADR 002).
const SHARED_FEATURES = ['slots'];
const features = readdirSync('./src/web/features', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const featureBoundaries = features.map((feature) => ({
  target: `./src/web/features/${feature}`,
  from: './src/web/features',
  except: [...new Set([feature, ...SHARED_FEATURES])].map((f) => `./${f}`),
  message: 'features do not import each other; compose them in src/web/app.',
}));

// The shared web layer serves every feature, so it must not depend on any of them or on the app
// shell that composes them; nor may the patient's page bundle pull in the staff app (ADR 002).
const SHARED_WEB = ['components', 'hooks', 'lib', 'queries', 'session'].map((dir) => ({
  target: `./src/web/${dir}`,
  from: ['./src/web/features', './src/web/app'],
  message:
    'the shared web layer and the patient page import no feature and not src/web/app (ADR 002).',
}));

// A server module is used from outside only through its public entry, its index.ts: other
// modules, app.ts, plugins and tests outside it never reach its services or repositories, whose
// tables are its own business. Inside a module (its tests too) files import each other freely.
const modules = readdirSync('./src/server/modules', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const outsideModules = readdirSync('./src/server')
  .filter((name) => name !== 'modules')
  .map((name) => `./src/server/${name}`);
const moduleBoundaries = modules.map((module) => ({
  target: [
    ...outsideModules,
    ...modules.filter((other) => other !== module).map((other) => `./src/server/modules/${other}`),
  ],
  from: `./src/server/modules/${module}`,
  except: ['./index.ts'],
  message: `import the ${module} module through its public entry, modules/${module}/index.ts.`,
}));

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...boundaries, ...featureBoundaries, ...SHARED_WEB, ...moduleBoundaries] },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'src/server/db/cli/**', 'src/server/cli/**'],
    rules: { 'no-console': 'off' },
  },
);
