import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { actor } from '../../test/api/api-actors';
import { createFundedTask } from '../../test/fixtures';
import { startTestApp } from '../../test/test-app';

const png = () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366ff' } }).png().toBuffer();

describe('proof uploads and GET /api/check-file', () => {
  let ctx: Awaited<ReturnType<typeof startTestApp>>;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cent-uploads-'));
    ctx = await startTestApp({ UPLOAD_DIR: dir, PUBLIC_ORIGIN: 'http://localhost:3000' });
  });
  afterAll(async () => {
    await ctx.app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('POST /api/submissions/upload stores an image and a file task takes it as proof', async () => {
    const [creator, earner] = [await actor(ctx), await actor(ctx)];
    await request(ctx.http).post('/api/submissions/upload').attach('file', await png(), 'a.png').expect(401);
    const up = await request(ctx.http).post('/api/submissions/upload').set('Cookie', earner.cookie)
      .attach('file', await png(), 'proof.png').expect(200);
    expect(up.body).toEqual({ fileUrl: expect.stringMatching(/^\/api\/uploads\/[0-9a-f]{32}\.png$/) });
    await request(ctx.http).get(up.body.fileUrl).expect(200).expect('Content-Type', 'image/png');

    const taskId = await createFundedTask(ctx.commands, creator, { submissionType: 'file' });
    const s = await request(ctx.http).post('/api/submissions').set('Cookie', earner.cookie)
      .send({ taskId, proofLink: null, proofText: null, proofFileUrl: up.body.fileUrl, notes: null }).expect(201);
    expect(s.body.proofFileUrl).toBe(up.body.fileUrl);
  });

  it('refuses non-images and proof file URLs that are not our uploads', async () => {
    const [creator, earner] = [await actor(ctx), await actor(ctx)];
    const bad = await request(ctx.http).post('/api/submissions/upload').set('Cookie', earner.cookie)
      .attach('file', Buffer.from('<script>alert(1)</script>'), { filename: 'x.png', contentType: 'image/png' }).expect(400);
    expect(bad.body.message).toBe('Invalid file type: Please upload an image file (JPEG, PNG, GIF).');
    const taskId = await createFundedTask(ctx.commands, creator, { submissionType: 'file' });
    for (const proofFileUrl of ['https://evil.test/a.png', '/api/uploads/00000000000000000000000000000000.png', '/etc/passwd']) {
      await request(ctx.http).post('/api/submissions').set('Cookie', earner.cookie)
        .send({ taskId, proofFileUrl }).expect(400, { message: 'Invalid file: Please upload the file as proof with the upload button' });
    }
  });

  it('GET /api/check-file answers exists only for files of our upload store', async () => {
    const earner = await actor(ctx);
    const { body } = await request(ctx.http).post('/api/submissions/upload').set('Cookie', earner.cookie)
      .attach('file', await png(), 'p.png').expect(200);
    const check = (p: string) => request(ctx.http).get('/api/check-file').query({ path: p }).expect(200);
    expect((await check(body.fileUrl)).body).toEqual({ exists: true });
    expect((await check(`http://localhost:3000${body.fileUrl}?t=1700000000000`)).body).toEqual({ exists: true });
    expect((await check(`https://elsewhere.test${body.fileUrl}`)).body).toEqual({ exists: false });
    expect((await check('/api/uploads/ffffffffffffffffffffffffffffffff.png')).body).toEqual({ exists: false });
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'x');
    for (const p of ['/api/uploads/notes.txt', '/api/uploads/../../../etc/passwd', '/etc/passwd', `${dir}/notes.txt`,
      '/api/uploads/%2e%2e%2fnotes.txt', 'file:///etc/passwd', '']) {
      expect((await check(p)).body).toEqual({ exists: false });
    }
    expect((await request(ctx.http).get('/api/check-file').expect(200)).body).toEqual({ exists: false });
  });
});
