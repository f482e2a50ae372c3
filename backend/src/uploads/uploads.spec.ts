import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import sharp from 'sharp';
import request from 'supertest';
import { registerWalletUser } from '../../test/fixtures';
import { sessionCookieFor } from '../../test/session-cookie';
import { startTestApp } from '../../test/test-app';

type App = Awaited<ReturnType<typeof startTestApp>>;

const MB2 = 2 * 1024 * 1024;
const png = () => sharp({ create: { width: 40, height: 30, channels: 3, background: '#c03' } }).png().toBuffer();
const gif = () => sharp({ create: { width: 20, height: 20, channels: 4, background: '#0c3f' } }).gif().toBuffer();
const webp = () => sharp({ create: { width: 20, height: 20, channels: 3, background: '#03c' } }).webp().toBuffer();
const jpegWithExif = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#888' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'secret-exif-marker', ImageDescription: 'GPS somewhere' } })
    .toBuffer();

describe('upload pipeline (POST /api/user/upload-profile-image, GET /api/uploads/:key)', () => {
  let ctx: App;
  let cookie: string;
  let dir: string;
  const files = () => (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []);
  const upload = (body: Buffer, filename: string, contentType: string, field = 'image') =>
    request(ctx.http).post('/api/user/upload-profile-image').set('Cookie', cookie).attach(field, body, { filename, contentType });

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cent-uploads-'));
    ctx = await startTestApp({ UPLOAD_DIR: dir, RATE_LIMIT_UPLOAD: '1000' });
    cookie = await sessionCookieFor(ctx.dataSource, (await registerWalletUser(ctx.commands)).id);
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['png', png, 'image/png'],
    ['gif', gif, 'image/gif'],
    ['webp', webp, 'image/webp'],
  ])('accepts a %s and serves it back as that image type', async (ext, make, type) => {
    const res = await upload(await make(), `picture.${ext}`, type).expect(200);
    expect(res.body.imageUrl).toMatch(new RegExp(`^/api/uploads/[0-9a-f]{32}\\.${ext}$`));
    const served = await request(ctx.http).get(res.body.imageUrl).buffer(true).parse(rawParser).expect(200);
    expect(served.headers['content-type']).toBe(type);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(served.headers['cache-control']).toMatch(/max-age=\d+/);
    expect((await sharp(served.body as Buffer).metadata()).format).toBe(ext);
  });

  it('accepts a JPEG, strips its metadata, keeps its size', async () => {
    const input = await jpegWithExif();
    expect(input.includes('secret-exif-marker')).toBe(true);
    const res = await upload(input, 'photo.jpeg', 'image/jpeg').expect(200);
    expect(res.body.imageUrl).toMatch(/\.jpg$/);
    const served = await request(ctx.http).get(res.body.imageUrl).buffer(true).parse(rawParser).expect(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const body = served.body as Buffer;
    expect(body.includes('secret-exif-marker')).toBe(false);
    const meta = await sharp(body).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    expect(meta.exif).toBeUndefined();
  });

  it('decides the type from the bytes: a PNG sent as "x.txt" with text/plain is still a PNG', async () => {
    const res = await upload(await png(), 'x.txt', 'text/plain').expect(200);
    expect(res.body.imageUrl).toMatch(/\.png$/);
  });

  it('neutralises a PNG with a script appended: served bytes are a clean re-encoded PNG', async () => {
    const script = '<script>alert(document.cookie)</script>';
    const evil = Buffer.concat([await png(), Buffer.from(`<html>${script}</html>`)]);
    const res = await upload(evil, 'evil.png', 'image/png').expect(200);
    const served = await request(ctx.http).get(res.body.imageUrl).buffer(true).parse(rawParser).expect(200);
    const body = served.body as Buffer;
    expect(body.includes('<script')).toBe(false);
    expect(body.includes('alert(')).toBe(false);
    expect((await sharp(body).metadata()).format).toBe('png');
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('accepts exactly 2 MB and refuses 2 MB + 1 byte with 413; refusals write nothing', async () => {
    const image = await png();
    const exactly = Buffer.concat([image, Buffer.alloc(MB2 - image.length, 0x20)]);
    expect(exactly.length).toBe(MB2);
    await upload(exactly, 'big.png', 'image/png').expect(200);

    const before = files();
    const tooBig = Buffer.concat([image, Buffer.alloc(MB2 + 1 - image.length, 0x20)]);
    const res = await upload(tooBig, 'big.png', 'image/png').expect(413);
    expect(res.body).toEqual({ message: 'File too large: File size should be less than 2MB.' });
    expect(files()).toEqual(before);
  });

  it.each([
    ['a text file named .png', Buffer.from('just some text, not an image\n'.repeat(20)), 'notes.png', 'image/png'],
    [
      'an SVG (with a script)',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>'),
      'logo.svg',
      'image/svg+xml',
    ],
    ['an HTML file sent as image/png', Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'), 'page.png', 'image/png'],
    ['a truncated PNG', Buffer.from('\x89PNG\r\n\x1a\n\0\0\0\rIHDR', 'latin1'), 'cut.png', 'image/png'],
    ['a TIFF (an image, but not one we take)', null, 'scan.tiff', 'image/tiff'],
  ])('refuses %s with 400 "Invalid file type" and writes nothing', async (_name, bytes, filename, type) => {
    const body = bytes ?? (await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).tiff().toBuffer());
    const before = files();
    const res = await upload(body, filename, type).expect(400);
    expect(res.body).toEqual({ message: 'Invalid file type: Please upload an image file (JPEG, PNG, GIF).' });
    expect(files()).toEqual(before);
  });

  it('refuses a decompression bomb (small file, huge dimensions)', async () => {
    // A PNG header claiming 20000 x 20000 pixels (400 megapixels) in a few dozen bytes.
    const bomb = pngHeaderOnly(20_000, 20_000);
    expect((await sharp(bomb, { limitInputPixels: false }).metadata()).width).toBe(20_000);
    const before = files();
    const res = await upload(bomb, 'bomb.png', 'image/png').expect(400);
    expect(res.body.message).toMatch(/^Image too large/);
    expect(files()).toEqual(before);
  });

  it('asks for a file when there is none, or in another field', async () => {
    const none = await request(ctx.http).post('/api/user/upload-profile-image').set('Cookie', cookie).field('x', 'y').expect(400);
    expect(none.body.message).toMatch(/No file uploaded/);
    const other = await upload(await png(), 'a.png', 'image/png', 'file').expect(400);
    expect(other.body.message).toMatch(/field "image"/);
  });

  it('refuses signed-out uploads before reading them', async () => {
    const before = files();
    await request(ctx.http).post('/api/user/upload-profile-image').attach('image', await png(), 'a.png').expect(401);
    expect(files()).toEqual(before);
  });

  it('serves nothing but stored keys: unknown keys and path tricks are 404', async () => {
    await request(ctx.http).get('/api/uploads/' + 'a'.repeat(32) + '.png').expect(404, { message: 'File not found' });
    await request(ctx.http).get('/api/uploads/..%2F..%2Fetc%2Fpasswd').expect(404);
    await request(ctx.http).get('/api/uploads/.tmp-0000').expect(404);
  });

  it('leaves no temporary files behind', () => {
    expect(files().filter((f) => !/^[0-9a-f]{32}\.(png|jpg|gif|webp)$/.test(f))).toEqual([]);
  });
});

describe('upload rate limit', () => {
  it('answers 429 after RATE_LIMIT_UPLOAD uploads in the window', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cent-uploads-'));
    // Windows are fixed (aligned to multiples of the window): a day-long one keeps a window boundary, which would
    // reset the count half-way, out of this test.
    const ctx = await startTestApp({ UPLOAD_DIR: dir, RATE_LIMIT_UPLOAD: '2', RATE_LIMIT_WINDOW_MS: '86400000' });
    try {
      const cookie = await sessionCookieFor(ctx.dataSource, (await registerWalletUser(ctx.commands)).id);
      const send = async () => request(ctx.http).post('/api/user/upload-profile-image').set('Cookie', cookie).attach('image', await png(), 'a.png');
      expect((await send()).status).toBe(200);
      expect((await send()).status).toBe(200);
      const res = await send();
      expect(res.status).toBe(429);
      expect(res.body).toEqual({ message: 'Too many requests. Please try again later.' });
    } finally {
      await ctx.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const idat = zlib.deflateSync(Buffer.alloc(3 * 1024));
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

function rawParser(res: request.Response, cb: (err: Error | null, body: Buffer) => void) {
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  stream.on('end', () => cb(null, Buffer.concat(chunks)));
}
