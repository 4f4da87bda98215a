import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The package version, read once; the same from the source tree and from dist/server. */
export function readVersion(): string {
  for (const rel of ['../../package.json', '../package.json']) {
    try {
      const text = readFileSync(fileURLToPath(new URL(rel, import.meta.url)), 'utf8');
      const parsed = JSON.parse(text) as { name?: string; version?: string };
      if (parsed.name === 'carebook' && parsed.version) return parsed.version;
    } catch {
      // try the next location
    }
  }
  return '0.0.0';
}
