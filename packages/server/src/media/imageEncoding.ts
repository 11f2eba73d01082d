import type { SniffedImage } from './imageSniffing.js';

type Sharp = typeof import('sharp').default;

let sharpModule: Promise<Sharp> | null = null;

// sharp (libvips) is loaded with the first image: 20 MB resident and 0.7 s of start-up that an
// idle server, or one whose people send no pictures, need not pay. A missing or broken install
// still fails loudly, outside the decode guards below.
function loadSharp(): Promise<Sharp> {
  sharpModule ??= import('sharp').then((module) => module.default);
  return sharpModule;
}

/** Larger images (in decoded pixels) are refused before decoding: a decompression bomb guard. */
export const MAX_INPUT_PIXELS = 100_000_000;

export interface EncodedImage {
  data: Buffer;
  width: number;
  /** The height of one frame (animated GIF and WebP stack their frames). */
  height: number;
}

function inside(maxPx: number) {
  return { width: maxPx, height: maxPx, fit: 'inside', withoutEnlargement: true } as const;
}

/**
 * Decodes an uploaded image and encodes it again in its own format, turned upright and at most
 * `maxPx` on a side. A file that only carries an image signature fails to decode (null), and
 * metadata (EXIF GPS position, camera serial numbers and the like) does not survive.
 */
export async function reencodeImage(
  bytes: Uint8Array,
  type: SniffedImage['extension'],
  maxPx: number,
): Promise<EncodedImage | null> {
  const sharp = await loadSharp();
  try {
    const animated = type === 'gif' || type === 'webp';
    const { data, info } = await sharp(bytes, { animated, limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(inside(maxPx))
      .toFormat(type === 'jpg' ? 'jpeg' : type)
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.pageHeight ?? info.height };
  } catch {
    return null;
  }
}

/** A small WebP still of an image's first frame, at most `maxPx` on a side; null if it fails. */
export async function imageThumbnail(bytes: Uint8Array, maxPx: number): Promise<Buffer | null> {
  const sharp = await loadSharp();
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(inside(maxPx))
      .webp({ quality: 70 })
      .toBuffer();
  } catch {
    return null;
  }
}
