import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_HEIF_INPUT_PIXELS, makeAvatar, makePrintImage, makeThumbnails, printSize } from './images';

/** A PNG that claims width × height but holds one row of data: refused on its header, or not at all. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(width + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const avif = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#888' } })
    .avif({ effort: 0 })
    .toBuffer();

describe('pictures the server makes', () => {
  it('refuses a picture above the pixel cap from its header, before decoding it', async () => {
    await expect(makeThumbnails(pngClaiming(20_000, 20_000))).rejects.toThrow(/pixel limit/);
    await expect(makeAvatar(pngClaiming(20_000, 20_000))).rejects.toThrow(/pixel limit/);
  });

  it('caps HEIF and AVIF lower, since they decode whole', async () => {
    expect(6000 * 4100).toBeGreaterThan(MAX_HEIF_INPUT_PIXELS);
    await expect(makeAvatar(await avif(6000, 4100))).rejects.toThrow(/pixel limit/);
    const avatar = await sharp(await makeAvatar(await avif(400, 300))).metadata();
    expect([avatar.format, avatar.width, avatar.height]).toEqual(['webp', 256, 256]);
  });

  it('makes a thumbnail and a preview, upright, never enlarged', async () => {
    const photo = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#d4380d' } })
      .jpeg()
      .withMetadata({ orientation: 6 }) // taken sideways: shown turned a quarter
      .toBuffer();
    const { thumb, preview } = await makeThumbnails(photo);
    const sizes = await Promise.all([thumb, preview].map((picture) => sharp(picture).metadata()));
    expect(sizes.map(({ width, height }) => [width, height])).toEqual([
      [240, 480],
      [800, 1600],
    ]);
    const small = await makeThumbnails(pngClaiming(300, 1));
    expect((await sharp(small.preview).metadata()).width).toBe(300);
  });

  it('crops a picture for print to its frame’s shape, upright, never enlarged', async () => {
    const sideways = await sharp({ create: { width: 2400, height: 1200, channels: 4, background: '#0000' } })
      .png()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const printed = await sharp(await makePrintImage(sideways, { width: 600, height: 800 })).metadata();
    expect([printed.format, printed.width, printed.height, printed.hasAlpha]).toEqual([
      'jpeg',
      600,
      800,
      false,
    ]);
    expect(printSize({ width: 300, height: 300 }, { width: 600, height: 800 })).toEqual({
      width: 225,
      height: 300,
    });
  });
});
