import { Inject, Injectable } from '@nestjs/common';
import { UPLOAD_STORAGE, UploadStorage } from '../uploads';
import { UPLOAD_URL_PREFIX } from '../uploads/uploads.service';
import { UPLOAD_KEY_RE } from '../uploads/upload-storage';

/** Hard cap on what is read into memory for fingerprinting (uploads are at most 2 MB anyway). */
const MAX_BYTES = 8 * 1024 * 1024;

export type ProofImageBytes = { bytes: Buffer } | { error: string };

/** Reads a proof image's stored bytes through the upload storage (never from a URL on the network). */
@Injectable()
export class ProofImageSource {
  constructor(@Inject(UPLOAD_STORAGE) private readonly storage: UploadStorage) {}

  async read(fileUrl: string): Promise<ProofImageBytes> {
    const key = fileUrl.startsWith(UPLOAD_URL_PREFIX) ? fileUrl.slice(UPLOAD_URL_PREFIX.length) : null;
    if (!key || !UPLOAD_KEY_RE.test(key)) return { error: 'it is not a file uploaded to CENT Tasks' };
    const file = await this.storage.get(key);
    if (!file) return { error: 'the file no longer exists' };
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of file.body) {
      size += (chunk as Buffer).length;
      if (size > MAX_BYTES) {
        file.body.destroy();
        return { error: 'the file is too large to inspect' };
      }
      chunks.push(chunk as Buffer);
    }
    return { bytes: Buffer.concat(chunks) };
  }
}
