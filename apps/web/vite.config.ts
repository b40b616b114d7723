import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

/** Vendor packages that get a chunk of their own, so a shared chunk is never named after a random module. */
const VENDOR_GROUPS = [
  // React and the router change together and every page needs them: one long-cached chunk.
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
  // The antd core the first screen needs; components only some pages use (table, select…) stay apart.
  {
    name: 'antd',
    test: /node_modules[\\/](antd|@ant-design|@rc-component|stylis|@emotion|dayjs)[\\/]/,
    tags: ['$initial' as const],
    priority: 25,
  },
  // The sign-in form already needs the client, the query and the mutation: one chunk, not three.
  { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 20 },
  { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 20 },
  { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/, priority: 20 },
  // Only the station page draws charts; this group is reached through its dynamic import alone.
  { name: 'echarts', test: /node_modules[\\/](echarts|zrender|tslib)[\\/]/, priority: 20 },
  // The app's own modules the entry needs (session, i18n, brand…): one chunk instead of a dozen of a few
  // hundred bytes, each of which costs ~1 KB of response headers (issue 36 §4).
  { name: 'app', test: /[\\/]apps[\\/]web[\\/]src[\\/]/, tags: ['$initial' as const], priority: 10 },
];

/** The blue of the logo and of the browser's title bar (index.html theme-color). */
const THEME = '#1668dc';

/**
 * The installable app (issue 20 §4, decision 0020): the web app manifest and the service worker
 * src/sw/sw.ts, built by vite-plugin-pwa in injectManifest mode to /sw.js. The worker caches nothing
 * (no injection point: the app needs the live server anyway); it shows pushed messages. The app
 * registers it itself (app/service-worker.ts), so no inline script breaks the CSP.
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src/sw',
  filename: 'sw.ts',
  injectRegister: false,
  injectManifest: { injectionPoint: undefined, rollupFormat: 'iife' },
  manifest: {
    id: '/',
    name: 'Energy Cloud',
    short_name: 'Energy Cloud',
    description: 'Monitoring of solar, storage, charging and UPS sites, with alarm notifications',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: THEME,
    background_color: '#ffffff',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
});

/**
 * The server serves dist/ at / and the API under /owner_api on the same origin; `vite dev` proxies the
 * API to a server on :8080 so the browser sees the same layout.
 *
 * The build writes a .br and a .gz next to every text asset (the server picks one by Accept-Encoding,
 * see apps/server/src/http/web-assets.ts) and splits vendors into named groups; pages are React.lazy
 * routes (app/routes.tsx). Budgets: docs/benchmarks.md.
 */
export default defineConfig({
  plugins: [react(), pwa, compression({ algorithms: ['brotliCompress', 'gzip'], logLevel: 'silent' })],
  server: {
    proxy: { '/owner_api': { target: 'http://localhost:8080', changeOrigin: false } },
  },
  build: {
    target: 'es2022',
    // Every es2022 browser supports modulepreload; the polyfill would only add bytes to the entry.
    modulePreload: { polyfill: false },
    // antd is large on its own; the warning would only repeat what the benchmark measures.
    chunkSizeWarningLimit: 1200,
    rolldownOptions: { output: { codeSplitting: { groups: VENDOR_GROUPS } } },
  },
});
