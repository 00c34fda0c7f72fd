// The admin's checksum code (packages/client/src/upload/checksum.ts with hash-wasm), timed in the browser.
import { createMD5 } from 'hash-wasm';
import { md5Base64OfBlob } from '../../packages/client/src/upload/checksum';
import { fillPseudoRandom } from '../pseudo-random';

declare global {
  interface Window {
    runMd5(megabytes: number): Promise<{ milliseconds: number; checksum: string }>;
  }
}

window.runMd5 = async (megabytes) => {
  const bytes = new Uint8Array(megabytes * 1024 * 1024);
  fillPseudoRandom(bytes);
  const blob = new Blob([bytes]);
  const hasher = await createMD5();
  const started = performance.now();
  const checksum = await md5Base64OfBlob(blob, { name: 'bench', chunkBytes: 2_097_152, hasher });
  return { milliseconds: performance.now() - started, checksum };
};
