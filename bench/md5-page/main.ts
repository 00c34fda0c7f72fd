// Times the admin's checksum code (packages/client/src/upload/checksum.ts with hash-wasm) the way the
// admin runs it: inside a Web Worker that is reused across files (so WebAssembly is warm), on a Blob,
// in 2 MB chunks.
declare global {
  interface Window {
    runMd5(
      megabytes: number,
    ): Promise<{ milliseconds: number; checksum: string; hasherMilliseconds: number }>;
  }
}

const worker = new Worker(new URL('./md5-bench.worker.ts', import.meta.url), { type: 'module' });

window.runMd5 = (megabytes) =>
  new Promise((resolve, reject) => {
    worker.onmessage = (
      event: MessageEvent<{ milliseconds: number; checksum: string; hasherMilliseconds: number }>,
    ) => resolve(event.data);
    worker.onerror = (error) => reject(new Error(error.message));
    worker.postMessage({ megabytes });
  });

export {};
