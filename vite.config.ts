import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiServer = process.env.API_SERVER ?? 'http://localhost:3001';

export default defineConfig({
  plugins: [react()],
  publicDir: 'public',
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
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
