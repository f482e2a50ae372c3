import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { ImageEvidence } from './validation.types';

/** Pixels that decoding a proof image may produce at most (same guard as the upload pipeline). */
const MAX_PIXELS = 40_000_000;

/**
 * Difference hash: shrink to 9x8 greyscale and record, per row, whether each pixel is brighter than its
 * right neighbour. 64 bits that stay (nearly) the same when an image is re-encoded, recompressed or
 * resized, so a copied screenshot is still recognised after a PNG -> JPEG round trip.
 */
export async function dHash(image: Buffer): Promise<string> {
  const px = await sharp(image, { limitInputPixels: MAX_PIXELS })
    .flatten({ background: '#ffffff' })
    .greyscale()
    .resize(9, 8, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  let bits = 0n;
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) bits = (bits << 1n) | (px[y * 9 + x] > px[y * 9 + x + 1] ? 1n : 0n);
  }
  return bits.toString(16).padStart(16, '0');
}

export function hammingDistance(a: string, b: string): number {
  let x = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let n = 0;
  while (x) {
    n += Number(x & 1n);
    x >>= 1n;
  }
  return n;
}

/** Everything the scorer wants to know about a proof image; never throws (an unreadable image is a signal). */
export async function fingerprintImage(bytes: Buffer): Promise<ImageEvidence> {
  try {
    const img = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' });
    const meta = await img.metadata();
    const stats = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).flatten({ background: '#ffffff' }).greyscale().stats();
    return {
      readable: true,
      width: meta.width,
      height: meta.pageHeight ?? meta.height,
      bytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      dhash: await dHash(bytes),
      stdev: Math.round(stats.channels[0].stdev * 100) / 100,
    };
  } catch (err) {
    return { readable: false, error: `not a decodable image (${(err as Error).message.split('\n')[0]})`, bytes: bytes.length };
  }
}
