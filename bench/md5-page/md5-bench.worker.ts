// The admin hashes in a Web Worker (packages/client/src/upload/md5.worker.ts): measure it there too.
import { createMD5 } from 'hash-wasm';
import { md5Base64OfBlob } from '../../packages/client/src/upload/checksum';
import { fillPseudoRandom } from '../pseudo-random';

self.onmessage = async (event: MessageEvent<{ megabytes: number }>) => {
  const bytes = new Uint8Array(event.data.megabytes * 1024 * 1024);
  fillPseudoRandom(bytes);
  const blob = new Blob([bytes]);
  const hasher = await createMD5();
  const started = performance.now();
  const checksum = await md5Base64OfBlob(blob, { name: 'bench', chunkBytes: 2_097_152, hasher });
  const milliseconds = performance.now() - started;
  // The hasher alone on the same bytes in memory, for comparison.
  hasher.init();
  const rawStart = performance.now();
  for (let offset = 0; offset < bytes.length; offset += 2_097_152)
    hasher.update(bytes.subarray(offset, offset + 2_097_152));
  hasher.digest('binary');
  const hasherMilliseconds = performance.now() - rawStart;
  self.postMessage({ milliseconds, checksum, hasherMilliseconds });
};
