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
        // Libraries change less often than our code: their own chunks stay cached across releases.
        codeSplitting: {
          groups: [
            // The Vapi SDK (with Daily) is loaded only when a vapi identity answers a call.
            { name: 'vapi', test: /[\\/]node_modules[\\/](@vapi-ai|@daily-co|events)[\\/]/ },
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            { name: 'mantine', test: /[\\/]node_modules[\\/]@mantine[\\/]/ },
            { name: 'vendor', test: /[\\/]node_modules[\\/]/ },
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
