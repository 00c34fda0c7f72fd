import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** Whether an ffmpeg binary answers on this machine (checked once, at start). */
export function ffmpegAvailable(binary = 'ffmpeg'): boolean {
  const probe = spawnSync(binary, ['-version'], { stdio: 'ignore', timeout: 5000 });
  return probe.status === 0;
}

function grabFrame(binary: string, input: string, seconds: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const args = ['-hide_banner', '-loglevel', 'error', '-ss', String(seconds), '-i', input];
    const child = spawn(binary, [...args, '-frames:v', '1', '-f', 'image2pipe', '-vcodec', 'png', 'pipe:1']);
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(Buffer.concat(chunks)) : reject(new Error(`ffmpeg exited ${code}`)),
    );
  });
}

/**
 * A poster frame of a video as PNG: the frame at one second, or the first one for shorter clips.
 * The video goes through a temporary file because MP4s keep their index at the end.
 */
export async function videoPoster(video: Buffer, binary = 'ffmpeg'): Promise<Buffer> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'trackit-poster-'));
  const input = path.join(folder, 'video');
  try {
    await writeFile(input, video);
    const frame = await grabFrame(binary, input, 1);
    return frame.length > 0 ? frame : await grabFrame(binary, input, 0);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
