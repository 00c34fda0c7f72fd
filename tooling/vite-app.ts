/**
 * The Vite config of the three front-end apps (admin, share-mobile, share-desktop): one place for the
 * base path, dev proxy, version tag, build target and pre-compression. Each app's vite.config.ts only
 * names its base path and dev port.
 */
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { compressAssetsPlugin } from './compress-assets.js';

export type TrackitBase = '/admin/' | '/h5/' | '/web/';

export interface TrackitAppOptions {
  base: TrackitBase;
  /** Dev and preview port. */
  port: number;
  /** Packages the app must never bundle (share-mobile stays free of antd); the build fails if one is imported. */
  forbiddenImports?: readonly string[];
}

/** The version the app shell compares on focus to notice a new release (docs/product.md §4). */
const buildVersion = (): string => process.env.TRACKIT_BUILD_VERSION || 'dev';

const versionMetaPlugin = (): Plugin => ({
  name: 'trackit:version-meta',
  transformIndexHtml: () => [
    { tag: 'meta', attrs: { name: 'version', content: buildVersion() }, injectTo: 'head' },
  ],
});

const forbidImportsPlugin = (packages: readonly string[]): Plugin => ({
  name: 'trackit:forbid-imports',
  enforce: 'pre',
  resolveId(source, importer) {
    const hit = packages.find((name) => source === name || source.startsWith(`${name}/`));
    if (hit) this.error(`"${hit}" must not be bundled in this app (imported by ${importer ?? 'an entry'})`);
    return null;
  },
});

export const defineTrackitApp = ({ base, port, forbiddenImports = [] }: TrackitAppOptions): UserConfig => {
  // The API server of `npm run dev` (apps/server reads the same PORT).
  const proxy = { '/storm_api': { target: `http://127.0.0.1:${process.env.PORT ?? 3000}` } };
  return defineConfig({
    base,
    plugins: [
      react(),
      versionMetaPlugin(),
      compressAssetsPlugin(),
      ...(forbiddenImports.length ? [forbidImportsPlugin(forbiddenImports)] : []),
    ],
    resolve: {
      // One React however the workspace hoists it: two copies break hooks.
      dedupe: ['react', 'react-dom'],
    },
    server: { port, strictPort: true, proxy },
    preview: { port, strictPort: true, proxy },
    build: {
      // Chrome/Edge 111+, Firefox 114+, Safari 16.4+: what staff and clients' phones run.
      target: 'baseline-widely-available',
      // The server's CSP is script-src 'self': the preload polyfill is the only script Vite would add.
      modulePreload: { polyfill: false },
      // ECharts (the admin dashboard's charts, loaded with that page only) is one ~540 kB chunk by itself.
      chunkSizeWarningLimit: 600,
      rolldownOptions: {
        // The contract builds zod schemas beside its constants; an app that imports a constant must not
        // carry zod for schemas it never uses (share-mobile stays small). Building a schema has no effect.
        treeshake: { manualPureFunctions: ['z'] },
        output: {
          // React and the router change far less often than the app: their own chunk stays cached
          // across releases.
          codeSplitting: {
            groups: [
              { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            ],
          },
        },
      },
    },
  });
};
