/**
 * What the mobile share page's first render downloads (docs/benchmarks.md "Share pages (/h5)"): reads
 * the built apps/share-mobile/dist (it builds nothing: `npm run build`, or `npx vite build` in the app,
 * first) and prints, per file, the bytes sent as the server sends them: the build's pre-compressed .br
 * or .gz (tooling/compress-assets.ts), or the file itself when it is too small to have one.
 *
 * The first render of /h5/s/:id is the entry script with its static imports (index.html's
 * modulepreload links, from the Vite manifest) plus the package page's lazy chunk with its static
 * imports, which the entry asks for at once. The budget: 120 kB (120 000 bytes) of JavaScript, brotli
 * and gzip alike. Exits 1 over budget.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const BUDGET_BYTES = 120_000;
const DIST = path.resolve(import.meta.dirname, '../apps/share-mobile/dist');
const MANIFEST = path.join(DIST, '.vite/manifest.json');
/** Each page's lazy chunk, by the source file the manifest names it with. */
const ROUTES: ReadonlyArray<[string, string]> = [
  ['/h5/s/:id (package)', 'src/pages/package-page.tsx'],
  ['/h5/s/:id/:modelId (model)', 'src/pages/model-page.tsx'],
  ['/h5/photo/:id/:modelId (gallery)', 'src/pages/photos-page.tsx'],
  ['/h5/files/:id/:modelId (files)', 'src/pages/files-page.tsx'],
  ['/h5/f/:id (folder)', 'src/pages/folder-page.tsx'],
];

if (!existsSync(MANIFEST)) {
  console.error(
    `No ${path.relative(process.cwd(), MANIFEST)}: build the app first (cd apps/share-mobile && npx vite build).`,
  );
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest;

/** The manifest key of a chunk and every chunk it imports statically, depth first. */
function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`the manifest has no ${key}`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(imported, seen);
  return seen;
}

interface Sent {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

const sizeOf = (file: string): number => statSync(path.join(DIST, file)).size;
const sentAs = (file: string, suffix: '.br' | '.gz'): number =>
  existsSync(path.join(DIST, file + suffix)) ? sizeOf(file + suffix) : sizeOf(file);
const measure = (file: string): Sent => ({
  file,
  raw: sizeOf(file),
  gzip: sentAs(file, '.gz'),
  brotli: sentAs(file, '.br'),
});

const jsOf = (keys: Iterable<string>) => [...keys].map((key) => manifest[key]?.file ?? key);
const cssOf = (keys: Iterable<string>) => [...new Set([...keys].flatMap((key) => manifest[key]?.css ?? []))];
const total = (files: readonly Sent[]) =>
  files.reduce(
    (sum, f) => ({ raw: sum.raw + f.raw, gzip: sum.gzip + f.gzip, brotli: sum.brotli + f.brotli }),
    {
      raw: 0,
      gzip: 0,
      brotli: 0,
    },
  );
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`.padStart(9);
const row = (name: string, s: { raw: number; gzip: number; brotli: number }) =>
  `  ${name.padEnd(44)}${kb(s.raw)}${kb(s.gzip)}${kb(s.brotli)}`;
const header = `  ${'file'.padEnd(44)}${'raw'.padStart(9)}${'gzip'.padStart(9)}${'brotli'.padStart(9)}`;

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('the manifest has no entry');
const entryKeys = staticClosure(entryKey);

function routeLoad(source: string) {
  const pageKeys = [...staticClosure(source)].filter((key) => !entryKeys.has(key));
  const keys = [...entryKeys, ...pageKeys];
  return { keys, pageKeys, js: jsOf(keys).map(measure), css: cssOf(keys).map(measure) };
}

// The package page in full.
const [packageRoute, packageSource] = ROUTES[0] ?? ['', ''];
const first = routeLoad(packageSource);
console.log(`First render of ${packageRoute}: JavaScript (sizes as sent)`);
console.log(header);
for (const file of first.js) {
  const role = first.pageKeys.some((key) => manifest[key]?.file === file.file) ? 'page' : 'entry';
  console.log(row(`${file.file} [${role}]`, file));
}
const js = total(first.js);
console.log(row('total JavaScript', js));
console.log(`\nand its CSS (render-blocking, not in the budget):`);
for (const file of first.css) console.log(row(file.file, file));
console.log(row('total CSS', total(first.css)));

// Every page, in one line each.
console.log('\nJavaScript of the first render of each page (entry + page chunk and its imports):');
console.log(header.replace('file', 'page'));
for (const [route, source] of ROUTES) console.log(row(route, total(routeLoad(source).js)));

const over = js.brotli > BUDGET_BYTES || js.gzip > BUDGET_BYTES;
console.log(
  `\nBudget ${kb(BUDGET_BYTES).trim()} for ${packageRoute}: brotli ${kb(js.brotli).trim()}, gzip ${kb(js.gzip).trim()} — ${over ? 'OVER' : 'within'}`,
);
process.exit(over ? 1 : 0);
