// The embedded PostgreSQL binaries load their libraries by versioned names, links that npm
// packages cannot carry and that only the package's install script makes. With install scripts
// blocked the app makes them itself before the first start (ADR 033).
import { mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { linkLibraries } from './embedded-postgres';

let pkg: string;
beforeEach(() => {
  pkg = mkdtempSync(path.join(tmpdir(), 'carebook-pg-links-'));
  mkdirSync(path.join(pkg, 'native/lib'), { recursive: true });
  writeFileSync(path.join(pkg, 'native/lib/libicuuc.so.60.2'), 'the library');
  writeFileSync(
    path.join(pkg, 'native/pg-symlinks.json'),
    JSON.stringify([
      { source: 'native/lib/libicuuc.so.60.2', target: 'native/lib/libicuuc.so' },
      { source: 'native/lib/libicuuc.so.60.2', target: 'native/lib/libicuuc.so.60' },
    ]),
  );
});
afterEach(() => rmSync(pkg, { recursive: true, force: true }));

describe('the libraries of the embedded PostgreSQL binaries', () => {
  it('are linked by their versioned names when the install script did not run', () => {
    linkLibraries(pkg);
    for (const name of ['libicuuc.so', 'libicuuc.so.60']) {
      const link = path.join(pkg, 'native/lib', name);
      expect(readlinkSync(link)).toBe('libicuuc.so.60.2');
      expect(readFileSync(link, 'utf8')).toBe('the library');
    }
  });

  it('keeps links already there, and a second start changes nothing', () => {
    linkLibraries(pkg);
    linkLibraries(pkg);
    expect(readlinkSync(path.join(pkg, 'native/lib/libicuuc.so.60'))).toBe('libicuuc.so.60.2');
  });

  it('does nothing for a package without a list of links', () => {
    rmSync(path.join(pkg, 'native/pg-symlinks.json'));
    expect(() => linkLibraries(pkg)).not.toThrow();
  });
});
