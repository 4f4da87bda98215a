import { fileURLToPath } from 'node:url';
import { defineConfig, type Connect, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './scripts/vite-precompress';
import { aliases } from './vite.aliases';

const webRoot = fileURLToPath(new URL('./src/web', import.meta.url));
const outDir = fileURLToPath(new URL('./dist/web', import.meta.url));

/**
 * The patient link is `/session/?token=…` (spec §2). Vite already maps `/session` to
 * session.html, but with the trailing slash it would fall back to the staff app; the production
 * server does the same mapping. The public staff pages (sign-in, account links) are sign-in.html,
 * without the staff app (ADR 064), as the server sends them.
 */
function patientSessionPage(): Plugin {
  const rewrite: Connect.NextHandleFunction = (req, _res, next) => {
    if (
      req.url &&
      /^\/auth\/(?:login|forgot|reset|invitation|unauthorized)\/?(\?|$)/.test(req.url)
    ) {
      req.url = req.url.replace(/^\/auth\/[^/?]+\/?/, '/sign-in.html');
    } else if (req.url && /^\/session\/?(\?|$)/.test(req.url)) {
      req.url = req.url.replace(/^\/session\/?/, '/session.html');
    } else if (req.url && /^\/offer\/[^/?]+\/?(\?|$)/.test(req.url)) {
      // A waitlist offer's page is in the same bundle; the page reads its token from the path.
      req.url = '/session.html';
    }
    next();
  };
  return {
    name: 'carebook:patient-session-page',
    configureServer: (server) => void server.middlewares.use(rewrite),
    configurePreviewServer: (server) => void server.middlewares.use(rewrite),
  };
}

/**
 * The patient's pages are built on their own (`vite build --mode patient`, after the staff
 * build) with Preact's React-compatible API in place of React: the same components, a tenth of
 * the runtime for a patient on a phone (ADR 021). The staff build leaves them out. The staff's
 * sign-in document (sign-in.html: sign-in, "Not allowed", the account links) is built with them,
 * for the same reason: the first page staff open on a phone carries no staff app and no React
 * (ADR 064); the staff app routes the same pages on React after a sign-out.
 */
const PATIENT = 'patient';
const preactForReact = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];
/**
 * The staff app's chunks: what the first script needs in one file, and the pieces every page
 * shares (the UI kit, its libraries, the icons) in another, instead of the dozens of small files
 * automatic splitting makes of modules two pages share. On a phone's network each file is a round
 * trip, and HTTP/1.1 asks for six at a time. Feature code stays with its page.
 */
const staffChunks = {
  groups: [
    { name: 'main', tags: ['$initial' as const], priority: 3 },
    { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/, priority: 2 },
    { name: 'ui', test: /src[\\/]web[\\/]components[\\/]/, priority: 1 },
  ],
};
/**
 * The shared chunks (`ui`, `icons`) named in the staff page's HTML as module preloads: nearly
 * every staff page imports them, and otherwise the browser asks for them only once the main
 * chunk has downloaded and run (the route's `lazy` import), a round trip and a download after it.
 * Preloaded, they come while the main chunk runs (ADR 064).
 */
function preloadSharedChunks(): Plugin {
  return {
    name: 'carebook:preload-shared-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle || !ctx.filename.endsWith('index.html')) return;
        return Object.values(ctx.bundle)
          .filter(
            (c) => c.type === 'chunk' && !c.isEntry && (c.name === 'ui' || c.name === 'icons'),
          )
          .map((c) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: '', href: `/${c.fileName}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}
const page = (file: string) => fileURLToPath(new URL(`./src/web/${file}`, import.meta.url));

export default defineConfig(({ mode }) => ({
  root: webRoot,
  plugins: [react(), tailwindcss(), patientSessionPage(), preloadSharedChunks(), precompress()],
  resolve: {
    alias: [
      ...(mode === PATIENT ? preactForReact : []),
      ...Object.entries(aliases).map(([find, replacement]) => ({ find, replacement })),
    ],
  },
  build: {
    outDir,
    // The staff build empties the folder; the patient build adds to it.
    emptyOutDir: mode !== PATIENT,
    sourcemap: true,
    manifest: mode === PATIENT ? '.vite/patient-manifest.json' : true,
    rolldownOptions: {
      input: (mode === PATIENT
        ? { session: page('session.html'), signIn: page('sign-in.html') }
        : { main: page('index.html') }) as Record<string, string>,
      output: mode === PATIENT ? {} : { codeSplitting: staffChunks },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: true, ws: true },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: true, ws: true },
    },
  },
}));
