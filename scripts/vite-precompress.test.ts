// The build writes each asset's brotli (quality 11) and gzip (level 9) forms beside it, which the
// server then sends as they are; source maps and Vite's manifest stay as they were.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gunzipSync } from 'node:zlib';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from './vite-precompress';

let dir: string;
let out: string;
let script: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'carebook-precompress-'));
  out = path.join(dir, 'dist');
  // Enough varied text that compressing it is worth it, as in a real chunk.
  const labels = Array.from(
    { length: 400 },
    (_, i) => `  'Appointment ${i} with provider ${(i * 7919) % 1000}',`,
  );
  writeFileSync(
    path.join(dir, 'main.js'),
    `const labels = [\n${labels.join('\n')}\n];\ndocument.title = labels.join(', ');\n`,
  );
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>t</title></head><body><script type="module" src="./main.js"></script></body></html>',
  );
  await build({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    plugins: [precompress()],
    build: {
      outDir: out,
      sourcemap: true,
      manifest: true,
      minify: false,
    },
  });
  const manifest = JSON.parse(readFileSync(path.join(out, '.vite/manifest.json'), 'utf8')) as {
    'index.html': { file: string };
  };
  script = manifest['index.html'].file;
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('precompressed build output', () => {
  it('writes a script in brotli at quality 11 beside it', () => {
    const original = readFileSync(path.join(out, script));
    const br = readFileSync(path.join(out, `${script}.br`));
    expect(br.equals(brotliCompressSync(original, quality(11)))).toBe(true);
    expect(br.length).toBeLessThan(original.length / 3);
  });

  it('writes it in gzip at level 9 beside it', () => {
    const original = readFileSync(path.join(out, script));
    const gz = readFileSync(path.join(out, `${script}.gz`));
    expect(gunzipSync(gz).equals(original)).toBe(true);
    expect(gz[0]).toBe(0x1f);
    expect(gz[8]).toBe(2); // gzip's header flag for "maximum compression"
  });

  it('does the page too, but not the source map or the manifest', () => {
    expect(existsSync(path.join(out, 'index.html.br'))).toBe(true);
    expect(existsSync(path.join(out, 'index.html.gz'))).toBe(true);
    expect(existsSync(path.join(out, `${script}.map`))).toBe(true);
    expect(existsSync(path.join(out, `${script}.map.br`))).toBe(false);
    expect(existsSync(path.join(out, '.vite/manifest.json.br'))).toBe(false);
  });
});

const quality = (q: number) => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: q },
});
