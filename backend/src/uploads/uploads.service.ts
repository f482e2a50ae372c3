import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import sharp, { Metadata } from 'sharp';
import { DomainError } from '../common/domain-error';
import { DependencyStatus } from '../health/dependency-status';
import { storageUnavailable } from './storage-unavailable';
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_PIXELS, UPLOAD_MESSAGES } from './upload.constants';
import { IMAGE_TYPES, ImageExtension, UPLOAD_KEY_RE, UPLOAD_STORAGE, UploadStorage } from './upload-storage';

export interface StoredImage {
  key: string;
  /** `/api/uploads/<key>`: what the API hands out and stores (profileImage, proofFileUrl). */
  url: string;
  contentType: string;
  size: number;
}

const FORMATS: Record<string, ImageExtension> = { jpeg: 'jpg', png: 'png', gif: 'gif', webp: 'webp' };
export const UPLOAD_URL_PREFIX = '/api/uploads/';

/**
 * The one upload pipeline (profile images, proof files): the type is decided from the bytes (sharp's
 * decoder), never from the name or the Content-Type; the image is decoded and re-encoded in the same
 * format, which drops metadata (EXIF, GPS, comments) and anything appended after the image data; it is
 * stored under a random key. Nothing refused is ever written. GIFs and WebPs keep their animation.
 */
@Injectable()
export class UploadsService {
  private readonly logger = new Logger('Uploads');

  constructor(
    @Inject(UPLOAD_STORAGE) private readonly storage: UploadStorage,
    // Absent where the uploads run without the HTTP app (CLIs): nothing records then.
    @Optional() private readonly status?: DependencyStatus,
  ) {}

  async storeImage(file: Buffer | { buffer: Buffer } | undefined | null): Promise<StoredImage> {
    const input = Buffer.isBuffer(file) ? file : file?.buffer;
    if (!input || input.length === 0) throw new DomainError(400, UPLOAD_MESSAGES.noFile);
    if (input.length > MAX_UPLOAD_BYTES) throw new DomainError(413, UPLOAD_MESSAGES.tooLarge);
    const ext = await this.detect(input);
    const body = await this.reencode(input, ext);
    const key = `${randomBytes(16).toString('hex')}.${ext}`;
    const contentType = IMAGE_TYPES[ext];
    try {
      await this.storage.put(key, body, contentType);
    } catch (err) {
      const unavailable = storageUnavailable(err);
      if (!unavailable) throw err;
      this.logger.error(`upload storage: ${(err as Error).message}`);
      throw unavailable;
    }
    this.status?.recovered('storage');
    return { key, url: UPLOAD_URL_PREFIX + key, contentType, size: body.length };
  }

  /** The storage key behind one of our upload URLs, or null for anything else. */
  keyOf(url: string): string | null {
    if (!url.startsWith(UPLOAD_URL_PREFIX)) return null;
    const key = url.slice(UPLOAD_URL_PREFIX.length);
    return UPLOAD_KEY_RE.test(key) ? key : null;
  }

  /** True when `url` is one of our upload URLs and the file is stored. */
  async exists(url: string): Promise<boolean> {
    const key = this.keyOf(url);
    return key !== null && this.storage.exists(key);
  }

  private async detect(input: Buffer): Promise<ImageExtension> {
    let meta: Metadata;
    try {
      meta = await sharp(input, { limitInputPixels: false }).metadata();
    } catch {
      throw new DomainError(400, UPLOAD_MESSAGES.invalidType);
    }
    const ext = meta.format ? FORMATS[meta.format] : undefined;
    if (!ext) throw new DomainError(400, UPLOAD_MESSAGES.invalidType);
    const pixels = (meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0) * (meta.pages ?? 1);
    if (pixels > MAX_UPLOAD_PIXELS) throw new DomainError(400, UPLOAD_MESSAGES.tooManyPixels);
    return ext;
  }

  private async reencode(input: Buffer, ext: ImageExtension): Promise<Buffer> {
    const animated = ext === 'gif' || ext === 'webp';
    try {
      const img = sharp(input, { animated, limitInputPixels: MAX_UPLOAD_PIXELS, failOn: 'error' });
      switch (ext) {
        case 'jpg':
          // Apply the EXIF orientation before the metadata (which carries it) is dropped.
          return await img.autoOrient().jpeg({ quality: 90 }).toBuffer();
        case 'png':
          return await img.png().toBuffer();
        case 'gif':
          return await img.gif().toBuffer();
        case 'webp':
          return await img.webp({ quality: 90 }).toBuffer();
      }
    } catch {
      // Recognised by its header but not decodable (truncated, corrupt): not an image we can serve.
      throw new DomainError(400, UPLOAD_MESSAGES.invalidType);
    }
  }
}
