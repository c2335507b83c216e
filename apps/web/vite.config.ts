import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { inlineDocuments } from './build/inline-documents.ts';
import { precompress } from './build/precompress.ts';
import { routePreloads } from './build/route-preloads.ts';
import { serviceWorker } from './build/service-worker.ts';

// The API server (apps/server) answers these paths; in development Vite forwards them so the SPA and
// the API share one origin, exactly as in production where the server also serves apps/web/dist.
const apiTarget = process.env.LISTWISE_API_URL ?? 'http://127.0.0.1:3000';
const proxied = ['/graphql', '/media/', '^/dev(/|$)', '/health', '/proof-of-authority/', '^/properties/[^/]+/proof-of-authority$'];

export default defineConfig({
  plugins: [inlineDocuments(), react(), tailwindcss(), routePreloads(), serviceWorker(), precompress()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: false,
    proxy: {
      ...Object.fromEntries(proxied.map((path) => [path, { target: apiTarget, changeOrigin: false }])),
      // An e-mail's one-click unsubscribe (RFC 8058) POSTs to the API; a GET of the same address is the app's page.
      '^/unsubscribe/': { target: apiTarget, changeOrigin: false, bypass: (req) => (req.method === 'POST' ? undefined : '/index.html') },
    },
  },
  preview: { host: '127.0.0.1' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Written for reading error reports' stacks, named by no script and never served in production.
    sourcemap: 'hidden',
  },
});
