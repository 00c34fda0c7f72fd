// Bundles the server into dist/main.js (our workspace packages inlined, npm dependencies left external)
// and copies the SQL migrations beside it.
import { cp, readFile, rm } from 'node:fs/promises';
import { build } from 'esbuild';

const pkg = JSON.parse(await readFile(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@trackit/'));
const version = process.env.TRACKIT_BUILD_VERSION ?? 'dev';

await rm('dist', { recursive: true, force: true });
for (const entry of ['main', 'cli/index']) {
  await build({
    entryPoints: [`src/${entry}.ts`],
    outfile: `dist/${entry}.js`,
    bundle: true,
    platform: 'node',
    target: 'node22.12',
    format: 'esm',
    sourcemap: true,
    external: [...external, ...external.map((name) => `${name}/*`)],
    define: { __BUILD_VERSION__: JSON.stringify(version) },
    logLevel: 'warning',
  });
}
await cp('src/db/migrations', 'dist/migrations', { recursive: true });
await cp('src/db/migrations', 'dist/cli/migrations', { recursive: true });
console.log(`server built (version ${version})`);
