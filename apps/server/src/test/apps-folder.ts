import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';

export const fakeIndexHtml = (base: string) =>
  `<!doctype html><html><head><meta name="version" content="build-42"><title>TrackIt 经纪管理</title>` +
  `<script type="module" crossorigin src="${base}/assets/index-abc123.js"></script></head><body></body></html>`;
export const fakeScript = `console.log(${JSON.stringify('x'.repeat(2000))});`;

/** A fake apps/ folder with built admin and share-mobile apps; share-desktop is left unbuilt. */
export async function makeAppsFolder(): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'trackit-apps-'));
  for (const [folder, base] of [
    ['admin', '/admin'],
    ['share-mobile', '/h5'],
  ] as const) {
    const dist = path.join(root, folder, 'dist');
    await mkdir(path.join(dist, 'assets'), { recursive: true });
    await writeFile(path.join(dist, 'index.html'), fakeIndexHtml(base));
    await writeFile(path.join(dist, 'assets', 'index-abc123.js'), fakeScript);
    await writeFile(path.join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(fakeScript));
    await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  }
  return root;
}
