// Builds the server into plain JavaScript (apps/server/dist, git-ignored) when the build is missing or
// older than its sources, so `npm run serve` / `npm start` run built code instead of compiling TypeScript
// under tsx at every start (issue 12 §4: tsx's in-memory transpiled code and source maps cost ≈ 40 MB rss;
// docs/decisions/0016-built-server.md, docs/benchmarks.md). Tests, the e2e server and the benches other than rss keep tsx.
//
// One esbuild bundle (ES modules, code splitting so `await import()` of a local module stays a separate
// chunk loaded on first use) of apps/server/src/main.ts and the @ems/* workspace packages it imports;
// every other package stays an ordinary import from node_modules. `import.meta.url` in a bundled file is
// rewritten to that file's own source location (relative to the bundle, so a moved checkout still works),
// so the paths the server derives from it (migrations, simulator profiles, the web build) are unchanged.
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { isFresh } from './lib/stale.mjs';

const root = new URL('..', import.meta.url).pathname;
const outdir = join(root, 'apps/server/dist');
const built = join(outdir, 'main.js');

const sources = [
  'apps/server/src',
  // The demo gateway (issue 32) runs apps/gateway's code in the server process.
  'apps/gateway/src',
  'apps/gateway/data',
  'apps/server/package.json',
  'packages/contract/src',
  'tsconfig.base.json',
  'scripts/build-server-if-stale.mjs',
  'scripts/lib/stale.mjs',
];
if (isFresh(root, built, sources)) process.exit(0);

// esbuild (a root devDependency, the same version tsx and Vite use) is imported only when a build is due.
const { build } = await import('esbuild');

/** Bundles the workspace's own packages (`@ems/…`); leaves every other package to node_modules. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@ems/') ? undefined : { path: args.path, external: true },
    );
  },
};

/** Gives each bundled file its own `import.meta.url` (its source file), not the bundle's. */
const sourceMetaUrl = {
  name: 'source-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const rel = relative(outdir, args.path).split('\\').join('/');
      const url = `new URL(${JSON.stringify(rel)}, import.meta.url).href`;
      return {
        contents: text.replaceAll('import.meta.url', url),
        loader: 'ts',
        resolveDir: dirname(args.path),
      };
    });
  },
};

console.log('[build] building the server…');
rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  // PGlite's thread (db/pglite-thread.ts) runs dist/db/pglite-worker.js; the SMTP thread
  // (modules/mail/smtp-thread.ts) dist/modules/mail/smtp-worker.js.
  entryPoints: [
    'apps/server/src/main.ts',
    'apps/server/src/db/pglite-worker.ts',
    'apps/server/src/modules/mail/smtp-worker.ts',
  ],
  define: { EMS_BUILT_SERVER: 'true' },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  // Stack traces map back to the TypeScript with `node --enable-source-maps` (off by default: the maps
  // would be held in memory).
  sourcemap: 'linked',
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [externalPackages, sourceMetaUrl],
});
