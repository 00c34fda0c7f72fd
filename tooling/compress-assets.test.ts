import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compressAssets } from './compress-assets.js';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'compress-assets-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('compressAssets', () => {
  it('writes .gz and .br beside compressible files larger than 1 KiB', async () => {
    const script = 'export const hello = "你好";\n'.repeat(200);
    await mkdir(join(dir, 'assets'));
    await writeFile(join(dir, 'assets', 'app.js'), script);
    await writeFile(join(dir, 'assets', 'small.css'), 'body{margin:0}');
    await writeFile(join(dir, 'assets', 'photo.png'), Buffer.alloc(4096, 1));

    const written = await compressAssets(dir);

    expect(written.map((file) => file.file)).toEqual([join('assets', 'app.js')]);
    expect((await readdir(join(dir, 'assets'))).sort()).toEqual([
      'app.js',
      'app.js.br',
      'app.js.gz',
      'photo.png',
      'small.css',
    ]);
    expect(gunzipSync(await readFile(join(dir, 'assets', 'app.js.gz'))).toString()).toBe(script);
    expect(brotliDecompressSync(await readFile(join(dir, 'assets', 'app.js.br'))).toString()).toBe(script);
    expect(written[0]?.brotliBytes).toBeLessThan(written[0]?.bytes ?? 0);
  });
});
