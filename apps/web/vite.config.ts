import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The server serves dist/ at / and the API under /owner_api on the same origin; `vite dev` proxies the
 * API to a server on :8080 so the browser sees the same layout.
 */
export default defineConfig({
  plugins: [react()],
  server: {
    proxy: { '/owner_api': { target: 'http://localhost:8080', changeOrigin: false } },
  },
  build: {
    target: 'es2022',
    // antd is large on its own; the warning would only repeat what the report measures.
    chunkSizeWarningLimit: 1200,
  },
});
