/**
 * Writes `.gz` (gzip level 9) and `.br` (brotli, quality 11) beside every compressible file of a build
 * larger than 1 KiB, so the server can send pre-compressed files instead of compressing per request.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export const COMPRESSIBLE_EXTENSIONS = new Set([
  '.js',
  '.mjs',
  '.css',
  '.svg',
  '.html',
  '.json',
  '.txt',
  '.map',
]);
export const MIN_COMPRESS_BYTES = 1024;

export interface CompressedFile {
  file: string;
  bytes: number;
  gzipBytes: number;
  brotliBytes: number;
}

const listFiles = async (dir: string): Promise<string[]> => {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      return entry.isDirectory() ? listFiles(path) : Promise.resolve(entry.isFile() ? [path] : []);
    }),
  );
  return nested.flat();
};

/** Compresses the files under `dir`; returns one line per file written, paths relative to `dir`. */
export const compressAssets = async (dir: string): Promise<CompressedFile[]> => {
  const files = (await listFiles(dir)).filter((file) => COMPRESSIBLE_EXTENSIONS.has(extname(file)));
  const results = await Promise.all(
    files.map(async (file): Promise<CompressedFile | undefined> => {
      if ((await stat(file)).size <= MIN_COMPRESS_BYTES) return undefined;
      const content = await readFile(file);
      const [gzipped, brotli] = await Promise.all([
        gzipAsync(content, { level: 9 }),
        brotliAsync(content, {
          params: {
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
      ]);
      await Promise.all([writeFile(`${file}.gz`, gzipped), writeFile(`${file}.br`, brotli)]);
      return {
        file: relative(dir, file),
        bytes: content.length,
        gzipBytes: gzipped.length,
        brotliBytes: brotli.length,
      };
    }),
  );
  return results.filter((result) => result !== undefined).sort((a, b) => a.file.localeCompare(b.file));
};

const kib = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`;

/** Vite plugin: runs `compressAssets` on the output directory once the build is written. */
export const compressAssetsPlugin = (): Plugin => {
  let outDir = '';
  return {
    name: 'trackit:compress-assets',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await compressAssets(outDir);
      const sum = (pick: (file: CompressedFile) => number) =>
        files.reduce((total, file) => total + pick(file), 0);
      this.info(
        `pre-compressed ${files.length} files: ${kib(sum((f) => f.bytes))} → gzip ${kib(sum((f) => f.gzipBytes))}, brotli ${kib(sum((f) => f.brotliBytes))}`,
      );
    },
  };
};
