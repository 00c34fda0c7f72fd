/**
 * Peak memory of making a thumbnail and a preview (issue 9): each picture in a fresh process, decoded
 * from its file as the server now does, beside the former way (the whole file read into a Buffer
 * first). Prints the growth of the process's peak resident memory (VmHWM); asserts nothing.
 *
 *   npx tsx bench/image-memory-bench.ts          (Linux: reads /proc/self/status)
 */
import { execFileSync } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { makeThumbnails } from '../apps/server/src/domains/upload/images';

const peakMb = async () =>
  Number(/VmHWM:\s+(\d+) kB/.exec(await readFile('/proc/self/status', 'utf8'))?.[1]) / 1024;

/** In the child: one picture, one way; prints the peak growth in MB and how it ended. */
async function measure(file: string, way: 'file' | 'buffer') {
  await writeFile('/proc/self/clear_refs', '5');
  const before = await peakMb();
  let outcome = 'made';
  try {
    let input: string | Buffer = file;
    if (way === 'buffer') {
      const chunks: Buffer[] = [];
      for await (const chunk of createReadStream(file)) chunks.push(chunk as Buffer);
      input = Buffer.concat(chunks);
    }
    await makeThumbnails(input);
  } catch (error) {
    outcome = `refused: ${(error as Error).message.split('\n')[0]}`;
  }
  console.log(JSON.stringify({ growth: Math.round((await peakMb()) - before), outcome }));
}

/** A picture with some detail: a small pseudo-random tile scaled up. */
async function picture(
  file: string,
  width: number,
  height: number,
  format: 'jpeg' | 'png' | 'webp' | 'avif',
) {
  const tile = Buffer.alloc(64 * 64 * 3);
  for (let i = 0; i < tile.length; i += 1) tile[i] = (i * 2654435761) >>> 24;
  const scaled = sharp(tile, { raw: { width: 64, height: 64, channels: 3 } }).resize(width, height);
  const encoded =
    format === 'jpeg'
      ? scaled.jpeg({ quality: 90 })
      : format === 'png'
        ? scaled.png({ compressionLevel: 1 })
        : format === 'webp'
          ? scaled.webp({ effort: 0 })
          : scaled.avif({ effort: 0 });
  await encoded.toFile(file);
}

async function main() {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'trackit-image-bench-'));
  try {
    const cases: { name: string; file: string; make: (file: string) => Promise<void> }[] = [
      {
        name: '320 MB of bytes announced as JPEG',
        file: 'bytes.jpg',
        make: async (file) => {
          const block = Buffer.alloc(1 << 20, 7);
          await writeFile(file, Buffer.alloc(0));
          for (let i = 0; i < 320; i += 1) await writeFile(file, block, { flag: 'a' });
        },
      },
      { name: 'JPEG 12000×8500 (102 MP)', file: 'photo.jpg', make: (f) => picture(f, 12000, 8500, 'jpeg') },
      { name: 'PNG 12000×8500 (102 MP)', file: 'photo.png', make: (f) => picture(f, 12000, 8500, 'png') },
      {
        name: 'WebP 10000×10000 (100 MP)',
        file: 'photo.webp',
        make: (f) => picture(f, 10000, 10000, 'webp'),
      },
      { name: 'JPEG 16000×16000 (256 MP)', file: 'huge.jpg', make: (f) => picture(f, 16000, 16000, 'jpeg') },
      { name: 'AVIF 4000×3000 (12 MP)', file: 'phone.avif', make: (f) => picture(f, 4000, 3000, 'avif') },
      {
        name: 'AVIF 6000×4000 (24 MP, the cap)',
        file: 'cap.avif',
        make: (f) => picture(f, 6000, 4000, 'avif'),
      },
      { name: 'AVIF 8000×6000 (48 MP)', file: 'big.avif', make: (f) => picture(f, 8000, 6000, 'avif') },
    ];
    console.log('peak memory growth making a thumbnail and a preview (fresh process each)');
    console.log(
      `${'picture'.padEnd(36)}${'file MB'.padStart(8)}${'from file'.padStart(11)}${'read whole'.padStart(12)}`,
    );
    for (const item of cases) {
      const file = path.join(folder, item.file);
      await item.make(file);
      const size = Math.round((await stat(file)).size / 2 ** 20);
      const run = (way: string) =>
        JSON.parse(
          execFileSync(process.execPath, ['--import', 'tsx', import.meta.filename, 'child', file, way], {
            encoding: 'utf8',
          }).trim(),
        ) as { growth: number; outcome: string };
      const fromFile = run('file');
      const whole = run('buffer');
      console.log(
        `${item.name.padEnd(36)}${String(size).padStart(8)}${`+${fromFile.growth} MB`.padStart(11)}${`+${whole.growth} MB`.padStart(12)}  ${fromFile.outcome}`,
      );
      await rm(file, { force: true });
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'child') {
  await measure(process.argv[3] as string, process.argv[4] as 'file' | 'buffer');
} else {
  await main();
}
