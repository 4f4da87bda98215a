// `npm start`: build only when something the build reads has changed since the last build made
// by `npm start` (see build-inputs.mjs), then serve the build in this process.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildInputsHash, buildIsCurrent, markBuild } from './build-inputs.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const hash = buildInputsHash(ROOT);

if (buildIsCurrent(ROOT, hash) && process.env.FORCE_BUILD !== 'true') {
  process.stderr.write('build is current (nothing it reads has changed): serving it\n');
} else {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  markBuild(ROOT, hash);
}

// `--build-only`: bring the build up to date and stop (the bench, before it times a start).
if (process.argv.includes('--build-only')) process.exit(0);
await import(pathToFileURL(path.join(ROOT, 'dist', 'server', 'main.js')).href);
