// Bundles the server into dist/server so `npm start` runs plain JavaScript and starts fast; the
// SQL migrations travel with it. Dependencies stay in node_modules, except the pure-JavaScript
// ones it loads at every start: loading date-fns from node_modules alone opened a thousand files,
// and Fastify, its plugins and zod are CommonJS trees whose every file Node resolves, reads and
// scans for its exports when ESM imports it (a sixth of a start on PostgreSQL). Bundled, only
// what the server uses is read, from one file. Packages with native code, WebAssembly, workers or
// files of their own (pg, pino, @fastify/static and the Swagger UI's assets, Sentry's hooks) stay
// external, as do the password dictionaries, which are loaded only when a password is set.
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const BUNDLED = new Set([
  'date-fns',
  '@date-fns/tz',
  '@zxcvbn-ts/core',
  'ics',
  'nodemailer',
  'drizzle-orm',
  'fastify',
  'fastify-plugin',
  'fastify-type-provider-zod',
  '@fastify/accept-negotiator',
  '@fastify/compress',
  '@fastify/cookie',
  '@fastify/rate-limit',
  'zod',
  'helmet',
  'jose',
  'openid-client',
  'otpauth',
  'ipaddr.js',
  'rrule',
  'ical.js',
  'csv-parse',
  'csv-stringify',
  'intl-messageformat',
  '@formatjs/intl',
  'standardwebhooks',
  'rfc6902',
]);
// `node scripts/build-server.mjs [outdir]`: dist/server by default; the bench builds elsewhere.
const OUT = process.argv[2] ?? 'dist/server';
const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })
  .filter((name) => !BUNDLED.has(name))
  .flatMap((name) => [name, `${name}/*`]);

rmSync(OUT, { recursive: true, force: true });
await build({
  entryPoints: ['src/server/main.ts'],
  outdir: OUT,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  // What the server imports on demand only (PGlite and its drivers, the demo seed) goes into chunks
  // of its own, so that a server on PostgreSQL never loads them.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  // Bundled CommonJS (nodemailer) still calls require() for Node's own modules.
  banner: {
    js: "import { createRequire as __carebookRequire } from 'node:module'; const require = __carebookRequire(import.meta.url);",
  },
  sourcemap: true,
  logLevel: 'warning',
});
cpSync('src/server/db/migrations', `${OUT}/migrations`, { recursive: true });
execFileSync(
  process.execPath,
  [
    '--import',
    'tsx',
    'scripts/pglite-template.ts',
    `${OUT}/pglite-template.tar.gz`,
    `${OUT}/migrations`,
  ],
  { stdio: 'inherit' },
);
console.log(`server built into ${OUT}`);
