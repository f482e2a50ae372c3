import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { registerWalletUser } from '../../test/fixtures';
import { sessionCookieFor } from '../../test/session-cookie';
import { startTestApp } from '../../test/test-app';

/** Noise: its re-encoded PNG is about 57 kB, more than a 4 kB file system holds. */
const noisyPng = () => {
  const raw = randomBytes(160 * 120 * 3);
  return sharp(raw, { raw: { width: 160, height: 120, channels: 3 } }).png().toBuffer();
};

/**
 * The upload directory as an operator breaks it: not writable (EPERM: immutable, as root; EACCES: no
 * permission, as anyone else), a read-only mount (EROFS), a full disk (ENOSPC). Each is answered 503 (507
 * for a full disk) with Retry-After and words that say to retry, never 500; nothing else stops.
 */
describe('upload storage faults', () => {
  const root = process.getuid?.() === 0;
  let base: string;
  const mounts: string[] = [];

  beforeAll(() => {
    base = fs.mkdtempSync(path.join(os.tmpdir(), 'cent-upload-faults-'));
  });
  afterAll(() => {
    for (const m of mounts) execFileSync('umount', [m]);
    if (root) execFileSync('chattr', ['-R', '-i', base]);
    fs.rmSync(base, { recursive: true, force: true });
  });

  /** One app per broken directory (UPLOAD_DIR is read at start). */
  async function uploadInto(dir: string) {
    const ctx = await startTestApp({ UPLOAD_DIR: dir, RATE_LIMIT_UPLOAD: '1000' });
    try {
      const cookie = await sessionCookieFor(ctx.dataSource, (await registerWalletUser(ctx.commands)).id);
      const res = await request(ctx.http).post('/api/user/upload-profile-image').set('Cookie', cookie).attach('image', await noisyPng(), 'a.png');
      // Nothing else stops: the same app still serves and signs in.
      await request(ctx.http).get('/api/user').set('Cookie', cookie).expect(200);
      return { status: res.status, retryAfter: res.headers['retry-after'], message: res.body.message };
    } finally {
      await ctx.close();
    }
  }

  const UNWRITABLE = { status: 503, retryAfter: '5', message: 'The image could not be stored right now. Please try again later.' };

  it(`an unwritable directory (${root ? 'immutable: EPERM' : 'no write permission: EACCES'}) is 503 with Retry-After`, async () => {
    const dir = path.join(base, 'unwritable');
    fs.mkdirSync(dir);
    if (root) execFileSync('chattr', ['+i', dir]);
    else fs.chmodSync(dir, 0o555);
    expect(await uploadInto(dir)).toEqual(UNWRITABLE);
  });

  it('a read-only file system (EROFS) is 503 with Retry-After', async () => {
    const dir = path.join(base, 'read-only');
    fs.mkdirSync(dir);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=64k', 'tmpfs', dir]);
    mounts.push(dir);
    expect(await uploadInto(dir)).toEqual(UNWRITABLE);
  });

  it('a full disk (ENOSPC) is 507 with Retry-After, and leaves no partial file', async () => {
    const dir = path.join(base, 'full');
    fs.mkdirSync(dir);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4k', 'tmpfs', dir]);
    mounts.push(dir);
    expect(await uploadInto(dir)).toEqual({ status: 507, retryAfter: '5', message: 'The upload storage is full. Please try again later.' });
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
