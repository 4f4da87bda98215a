import { constants } from 'node:zlib';
import type { Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/**
 * Each built script, style sheet, page and icon also as `.br` (brotli at its best, quality 11)
 * and `.gz` (gzip level 9), made once at build so that the server sends them without compressing
 * anything at request time (src/server/plugins/web.ts, ADR 033). A form no smaller than the file
 * is not written. Source maps are left out (only developer tools fetch them; the server compresses
 * them as they go), and so are Vite's manifests, which are never served.
 */
export function precompress(): Plugin {
  return compression({
    include: /\.(?:js|mjs|css|html|svg|json|txt)$/,
    exclude: /(?:^|\/)\.vite\//,
    algorithms: [
      defineAlgorithm('brotliCompress', {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
      }),
      defineAlgorithm('gzip', { level: constants.Z_BEST_COMPRESSION }),
    ],
    skipIfLargerOrEqual: true,
    logLevel: 'silent',
  });
}
