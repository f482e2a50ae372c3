import * as fs from 'node:fs';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import { StoredUpload, UPLOAD_KEY_RE, UploadStorage, contentTypeOfKey } from './upload-storage';

/**
 * Files under `dir` (config uploadDir = DATA_DIR/uploads), which no static file server exposes: they are
 * only ever read back through GET /api/uploads/:key. Writes go to a temporary name and are renamed into
 * place, so a reader never sees half a file.
 */
export class LocalDiskStorage implements UploadStorage {
  constructor(private readonly dir: string) {}

  private pathOf(key: string): string {
    if (!UPLOAD_KEY_RE.test(key)) throw new Error(`invalid upload key: ${key}`);
    return path.join(this.dir, key);
  }

  async put(key: string, body: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await fs.promises.mkdir(this.dir, { recursive: true });
    const tmp = path.join(this.dir, `.tmp-${randomBytes(8).toString('hex')}`);
    try {
      await fs.promises.writeFile(tmp, body, { mode: 0o644, flag: 'wx' });
      await fs.promises.rename(tmp, target);
    } catch (err) {
      await fs.promises.rm(tmp, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<StoredUpload | null> {
    if (!UPLOAD_KEY_RE.test(key)) return null;
    const file = this.pathOf(key);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat?.isFile()) return null;
    return { body: fs.createReadStream(file), contentType: contentTypeOfKey(key), size: stat.size };
  }

  async exists(key: string): Promise<boolean> {
    if (!UPLOAD_KEY_RE.test(key)) return false;
    const stat = await fs.promises.stat(this.pathOf(key)).catch(() => null);
    return !!stat?.isFile();
  }
}
