import type { Readable } from 'node:stream';

/** What the upload pipeline stores into. Callers never see paths, only keys and `/api/uploads/<key>` URLs. */
export interface UploadStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** null when there is no such object. */
  get(key: string): Promise<StoredUpload | null>;
  exists(key: string): Promise<boolean>;
}

export interface StoredUpload {
  body: Readable;
  contentType: string;
  size: number;
}

/** Injection token of the configured driver (local disk now; an S3-compatible driver can take its place). */
export const UPLOAD_STORAGE = Symbol('UPLOAD_STORAGE');

export const IMAGE_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
} as const;
export type ImageExtension = keyof typeof IMAGE_TYPES;

/**
 * Keys are 128 random bits in hex plus the extension of the re-encoded format. Anything else is refused
 * before it reaches a driver, so a key can never name a path outside the store.
 */
export const UPLOAD_KEY_RE = /^[0-9a-f]{32}\.(png|jpg|gif|webp)$/;

export function contentTypeOfKey(key: string): string {
  return IMAGE_TYPES[key.slice(key.lastIndexOf('.') + 1) as ImageExtension];
}
