import { spawn, spawnSync } from 'node:child_process';

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
 * A poster frame of a video file as PNG: the frame at one second, or the first one for shorter clips.
 * ffmpeg reads the file itself (MP4s keep their index at the end, so a pipe would not do).
 */
export async function videoPoster(videoFile: string, binary = 'ffmpeg'): Promise<Buffer> {
  const frame = await grabFrame(binary, videoFile, 1);
  return frame.length > 0 ? frame : await grabFrame(binary, videoFile, 0);
}
