import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildInputsHash, buildIsCurrent, markBuild } from './build-inputs.mjs';

let root: string;
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};
/** What a build leaves: both documents and the server. */
const build = () => {
  rmSync(path.join(root, 'dist'), { recursive: true, force: true });
  write('dist/web/index.html', '<html>');
  write('dist/web/session.html', '<html>');
  write('dist/server/main.js', '');
};

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'carebook-build-inputs-'));
  write('src/server/main.ts', 'start()');
  write('src/web/main.tsx', 'render()');
  write('package-lock.json', '{}');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('whether npm start must build', () => {
  it('serves a build made from the same sources without building again', () => {
    build();
    markBuild(root, buildInputsHash(root));
    expect(buildIsCurrent(root, buildInputsHash(root))).toBe(true);
  });

  it('builds when a source, the lockfile or the set of files changed', () => {
    build();
    const before = buildInputsHash(root);
    markBuild(root, before);
    write('src/web/main.tsx', 'render(2)');
    expect(buildIsCurrent(root, buildInputsHash(root))).toBe(false);
    write('src/web/main.tsx', 'render()');
    expect(buildInputsHash(root)).toBe(before);
    write('package-lock.json', '{"v":2}');
    expect(buildInputsHash(root)).not.toBe(before);
    write('package-lock.json', '{}');
    write('src/web/new-page.tsx', '');
    expect(buildInputsHash(root)).not.toBe(before);
  });

  it('a file moved to another name is a change, though its content is the same', () => {
    const before = buildInputsHash(root);
    rmSync(path.join(root, 'src/web/main.tsx'));
    write('src/web/app.tsx', 'render()');
    expect(buildInputsHash(root)).not.toBe(before);
  });

  it('builds when the last build was made some other way (it leaves no mark) or is incomplete', () => {
    build();
    const hash = buildInputsHash(root);
    expect(buildIsCurrent(root, hash)).toBe(false);
    markBuild(root, hash);
    rmSync(path.join(root, 'dist/server'), { recursive: true });
    mkdirSync(path.join(root, 'dist/server'));
    write('dist/server/main.js', '');
    expect(buildIsCurrent(root, hash)).toBe(false);
    markBuild(root, hash);
    rmSync(path.join(root, 'dist/web/session.html'));
    expect(buildIsCurrent(root, hash)).toBe(false);
  });
});
