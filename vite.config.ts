import { fileURLToPath } from 'node:url';
import { defineConfig, type Connect, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { aliases } from './vite.aliases';

const webRoot = fileURLToPath(new URL('./src/web', import.meta.url));
const outDir = fileURLToPath(new URL('./dist/web', import.meta.url));

/**
 * The patient link is `/session/?token=…` (spec §2). Vite already maps `/session` to
 * session.html, but with the trailing slash it would fall back to the staff app; the production
 * server does the same mapping.
 */
function patientSessionPage(): Plugin {
  const rewrite: Connect.NextHandleFunction = (req, _res, next) => {
    if (req.url && /^\/session\/?(\?|$)/.test(req.url)) {
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

export default defineConfig({
  root: webRoot,
  plugins: [react(), tailwindcss(), patientSessionPage()],
  resolve: { alias: aliases },
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      // Two documents: the staff app and the patient session page, which shares no app code.
      input: {
        main: fileURLToPath(new URL('./src/web/index.html', import.meta.url)),
        session: fileURLToPath(new URL('./src/web/session.html', import.meta.url)),
      },
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
});
