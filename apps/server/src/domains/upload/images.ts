/**
 * Pictures the server makes itself (thumbnails, previews, avatars) with sharp, in bounded memory: the
 * input is a file (never a whole upload in a Buffer), its pixel count is capped, and one picture is
 * decoded at a time in this process.
 */
import sharp, { type Sharp } from 'sharp';

/**
 * Most pixels (width × height) decoded from one picture. JPEG and WebP shrink while loading and PNG,
 * TIFF and GIF decode in strips, so even 256 megapixels cost under 200 MB (bench/image-memory-bench.ts):
 * sharp's own default cap (16383²) is kept, and 100–150 MP medium-format photos get thumbnails.
 */
export const MAX_INPUT_PIXELS = 0x3fff ** 2;
/** HEIF and AVIF decode whole, at about 21 bytes a pixel: 24 MP (a phone's default photo) costs ~500 MB. */
export const MAX_HEIF_INPUT_PIXELS = 24_000_000;

const SIZES = { thumb: 480, preview: 1600 } as const;
const AVATAR_SIZE = 256;

// One decode at a time: concurrent avatar requests and the thumbnail queue never add their peaks up.
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const result = queue.then(work);
  queue = result.catch(() => undefined);
  return result;
}

interface PixelSize {
  width: number;
  height: number;
}

/**
 * A picture from a file path (or a small buffer), upright by its EXIF, with its upright size; refused
 * above its format's cap.
 */
async function readPicture(input: string | Buffer): Promise<{ picture: Sharp; size: PixelSize }> {
  const { format, autoOrient } = await sharp(input).metadata(); // reads the header only
  const limitInputPixels = format === 'heif' ? MAX_HEIF_INPUT_PIXELS : MAX_INPUT_PIXELS;
  return { picture: sharp(input, { failOn: 'error', limitInputPixels }).rotate(), size: autoOrient };
}

async function openPicture(input: string | Buffer): Promise<Sharp> {
  return (await readPicture(input)).picture;
}

/** A thumbnail (480 px) and a preview (1600 px) in WebP. */
export function makeThumbnails(input: string | Buffer): Promise<{ thumb: Buffer; preview: Buffer }> {
  return oneAtATime(async () => {
    const picture = await openPicture(input);
    const resize = (size: number, quality: number) =>
      picture
        .clone()
        .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
        .webp({ quality })
        .toBuffer();
    return { thumb: await resize(SIZES.thumb, 78), preview: await resize(SIZES.preview, 85) };
  });
}

/** A 256 px square avatar in WebP. */
export function makeAvatar(input: string | Buffer): Promise<Buffer> {
  return oneAtATime(async () =>
    (await openPicture(input))
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer(),
  );
}

/**
 * The size to print a picture at in a frame: the frame's shape, as many pixels as the frame wants at most
 * and as the picture has at most (a small picture is cropped, never enlarged: that would only add bytes).
 */
export function printSize(picture: PixelSize, frame: PixelSize): PixelSize {
  const shape = frame.width / frame.height;
  const cropWidth = Math.min(picture.width, picture.height * shape);
  const width = Math.max(1, Math.round(Math.min(frame.width, cropWidth)));
  return { width, height: Math.max(1, Math.round(width / shape)) };
}

/**
 * A picture for print (a comp card): cropped to the frame's shape keeping its most salient part, at most
 * `frame` pixels, on white where it was transparent, as JPEG (which a PDF embeds as it is).
 */
export function makePrintImage(input: string | Buffer, frame: PixelSize): Promise<Buffer> {
  return oneAtATime(async () => {
    const { picture, size } = await readPicture(input);
    const { width, height } = printSize(size, frame);
    return picture
      .resize({ width, height, fit: 'cover', position: sharp.strategy.attention })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85 })
      .toBuffer();
  });
}
