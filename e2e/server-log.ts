import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';

/** Waits for the console SMS driver's line for this number and returns the newest code in it. */
export async function readSmsCode(mobile: string, after = 0, timeoutMs = 10_000): Promise<string> {
  const logFile = inject('e2eServerLog');
  const deadline = Date.now() + timeoutMs;
  const pattern = new RegExp(`\\[sms\\] mobile=${mobile} code=(\\d{4})`, 'g');
  while (Date.now() < deadline) {
    const codes = [...(await readFile(logFile, 'utf8')).matchAll(pattern)].map((match) => match[1] as string);
    if (codes.length > after) return codes.at(-1) as string;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no SMS code for ${mobile} in the server's output`);
}

/** How many codes the server has printed for this number so far. */
export async function countSmsCodes(mobile: string): Promise<number> {
  const text = await readFile(inject('e2eServerLog'), 'utf8');
  return [...text.matchAll(new RegExp(`\\[sms\\] mobile=${mobile} code=`, 'g'))].length;
}
