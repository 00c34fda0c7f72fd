// Times the admin's checksum code (packages/client/src/upload/checksum.ts with hash-wasm) the way the
// admin runs it: inside a Web Worker that is reused across files (so WebAssembly is warm), on a Blob,
// read 8 MB at a time and hashed in 2 MB chunks.
interface BenchResult {
  milliseconds: number;
  checksum: string;
  hasherMilliseconds: number;
  smallReadMilliseconds: number;
}

declare global {
  interface Window {
    runMd5(megabytes: number): Promise<BenchResult>;
  }
}

const worker = new Worker(new URL('./md5-bench.worker.ts', import.meta.url), { type: 'module' });

window.runMd5 = (megabytes) =>
  new Promise((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<BenchResult>) => resolve(event.data);
    worker.onerror = (error) => reject(new Error(error.message));
    worker.postMessage({ megabytes });
  });

export {};
