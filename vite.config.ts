import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiServer = process.env.API_SERVER ?? 'http://localhost:3001';

export default defineConfig({
  plugins: [react()],
  publicDir: 'public',
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Split by route (issue 8 §4): the entry is the sign-in page, and the router loads each
        // shell and page of the admin portal and the agent softphone when first needed.
        // Libraries are grouped so a page fetches a few cacheable chunks, not dozens of small ones.
        codeSplitting: {
          groups: [
            // The Vapi SDK (with Daily) is loaded only when a vapi identity answers a call.
            { name: 'vapi', test: /[\\/]node_modules[\\/](@vapi-ai|@daily-co|events)[\\/]/ },
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            // What the sign-in page needs of the rest ($initial: statically imported by the entry).
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'] },
            // The rest (more Mantine, floating-ui…): both portals use nearly all of it.
            { name: 'vendor-portal', test: /[\\/]node_modules[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      // The Host header is kept (no changeOrigin) so the server's same-origin check passes.
      '/api': { target: apiServer, ws: true },
    },
  },
});
