// The admin hashes in a Web Worker (packages/client/src/upload/md5.worker.ts): measure it there too, with
// the admin's read size (8 MB reads fed 2 MB at a time) and, for comparison, 2 MB reads.
import { createMD5 } from 'hash-wasm';
import { md5Base64OfBlob } from '../../packages/client/src/upload/checksum';
import { fillPseudoRandom } from '../pseudo-random';

const CHUNK = 2_097_152;
const READ = 4 * CHUNK;

self.onmessage = async (event: MessageEvent<{ megabytes: number }>) => {
  const bytes = new Uint8Array(event.data.megabytes * 1024 * 1024);
  fillPseudoRandom(bytes);
  const blob = new Blob([bytes]);
  const hasher = await createMD5();
  const started = performance.now();
  const checksum = await md5Base64OfBlob(blob, { name: 'bench', chunkBytes: CHUNK, readBytes: READ, hasher });
  const milliseconds = performance.now() - started;
  // 2 MB reads (the read size before issue 9).
  const smallStart = performance.now();
  const small = await md5Base64OfBlob(blob, { name: 'bench', chunkBytes: CHUNK, readBytes: CHUNK, hasher });
  const smallReadMilliseconds = performance.now() - smallStart;
  if (small !== checksum) throw new Error('read sizes disagree');
  // The hasher alone on the same bytes in memory, for comparison.
  hasher.init();
  const rawStart = performance.now();
  for (let offset = 0; offset < bytes.length; offset += CHUNK)
    hasher.update(bytes.subarray(offset, offset + CHUNK));
  hasher.digest('binary');
  const hasherMilliseconds = performance.now() - rawStart;
  self.postMessage({ milliseconds, checksum, hasherMilliseconds, smallReadMilliseconds });
};
