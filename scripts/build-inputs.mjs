// Whether the build in dist/ was made from the sources as they are now. The build's inputs are
// hashed by content (a fresh checkout gives every file a new mtime, so times would rebuild
// needlessly, and a changed file of the same size and time would not). The hash is written into
// both output folders, which every build empties first: a build run any other way (`npm run
// build`, the browser tests) leaves no hash, so the next start rebuilds rather than trust a build
// of other sources.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const BUILD_INPUTS = [
  'src',
  'package-lock.json',
  'package.json',
  'vite.config.ts',
  'vite.aliases.ts',
  'tsconfig.json',
  'scripts/build-server.mjs',
  'scripts/vite-precompress.ts',
  'scripts/pglite-template.ts',
];
const OUTPUTS = ['dist/web/index.html', 'dist/web/session.html', 'dist/server/main.js'];
const STAMPS = ['dist/web/.build-inputs', 'dist/server/.build-inputs'];

/** The input's files (a folder's, recursively; a file itself), as paths from the root. */
function filesOf(root, input) {
  const full = path.join(root, input);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [input];
  return readdirSync(full, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/** One hash over every input file's path and content, in a fixed order. */
export function buildInputsHash(root, inputs = BUILD_INPUTS) {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap((input) => filesOf(root, input)).sort()) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

/** True when every output exists and both folders carry this hash of the inputs. */
export function buildIsCurrent(root, hash) {
  return (
    OUTPUTS.every((file) => existsSync(path.join(root, file))) &&
    STAMPS.every((stamp) => {
      const file = path.join(root, stamp);
      return existsSync(file) && readFileSync(file, 'utf8').trim() === hash;
    })
  );
}

/** Marks the build just made as made from the inputs with this hash. */
export function markBuild(root, hash) {
  for (const stamp of STAMPS) writeFileSync(path.join(root, stamp), `${hash}\n`);
}
