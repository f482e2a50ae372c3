import request from 'supertest';
import { actor, cast } from '../../test/api/api-actors';
import { startTestApp } from '../../test/test-app';
import { UNSTORABLE_TEXT } from './refuse-unstorable-text';

/**
 * Every number a request carries goes to a PostgreSQL column or parameter of a fixed width (ids are `integer`,
 * notification ids and offsets `bigint`): a value beyond it was refused by the database, as a 500 and a logged
 * error. Each route's numbers are tried at the edges of those widths, and past them; every answer must be the
 * route's own (a 400 that says what is wrong, or a 404 for an id that fits but does not exist), never a 5xx.
 */
const EDGES = ['0', '-1', '1.5', '2147483647', '2147483648', '4294967296', '9007199254740991', '9007199254740993',
  '9223372036854775807', '9223372036854775808', '1e21', '1e308', '9'.repeat(80)];

describe('numbers and text past what PostgreSQL stores are a 400, never a 500', () => {
  let ctx: Awaited<ReturnType<typeof startTestApp>>;
  let who: Awaited<ReturnType<typeof cast>>;
  beforeAll(async () => {
    ctx = await startTestApp();
    who = await cast(ctx);
  });
  afterAll(() => ctx.app.close());

  const asNumber = (v: string) => (Number.isFinite(Number(v)) ? Number(v) : v);

  it.each(EDGES)('every route answers %s without a server error', async (v) => {
    const n = asNumber(v);
    const { admin, creator, earner } = who;
    const tries: Array<[string, request.Test]> = [
      ['task list minReward', request(ctx.http).get(`/api/tasks?minReward=${v}`)],
      ['task list maxReward', request(ctx.http).get(`/api/tasks?limit=5&maxReward=${v}`)],
      ['task', request(ctx.http).get(`/api/tasks/${v}`)],
      ['task escrow', request(ctx.http).get(`/api/tasks/${v}/escrow`)],
      ['creator record', request(ctx.http).get(`/api/users/${v}/record`)],
      ['submit proof', request(ctx.http).post('/api/submissions').set('Cookie', earner.cookie)
        .send({ taskId: n, proofText: 'Here is my thread', proofLink: null, proofFileUrl: null, notes: null })],
      ['submission', request(ctx.http).get(`/api/submissions/${v}`).set('Cookie', earner.cookie)],
      ['review', request(ctx.http).patch(`/api/submissions/${v}`).set('Cookie', creator.cookie).send({ status: 'approved' })],
      ['validate', request(ctx.http).post(`/api/admin/validate-submission/${v}`).set('Cookie', admin.cookie)],
      ['bulk approve', request(ctx.http).post('/api/admin/bulk-approve').set('Cookie', admin.cookie).send({ submissionIds: [n] })],
      ['dashboard offset', request(ctx.http).get(`/api/admin/dashboard?offset=${v}`).set('Cookie', admin.cookie)],
      ['dashboard limit', request(ctx.http).get(`/api/admin/dashboard?limit=${v}`).set('Cookie', admin.cookie)],
      ['notifications cursor', request(ctx.http).get(`/api/notifications?cursor=${v}`).set('Cookie', earner.cookie)],
      ['notification read', request(ctx.http).post(`/api/notifications/${v}/read`).set('Cookie', earner.cookie)],
      ['release reward', request(ctx.http).post('/api/blockchain/release-reward').set('Cookie', admin.cookie).send({ taskId: n, recipientId: n })],
    ];
    const answers = await Promise.all(tries.map(async ([name, req]) => [name, (await req).status] as const));
    expect(answers.filter(([, status]) => status >= 500)).toEqual([]);
  });

  it('says what is wrong with an id past the integer column', async () => {
    const { admin, earner } = who;
    await request(ctx.http).post('/api/submissions').set('Cookie', earner.cookie)
      .send({ taskId: 2147483648, proofText: 'Here is my thread', proofLink: null, proofFileUrl: null, notes: null })
      .expect(400, { message: 'taskId must be a number', errors: ['taskId must be a number'] });
    await request(ctx.http).post('/api/admin/validate-submission/2147483648').set('Cookie', admin.cookie)
      .expect(400, { message: 'Invalid submission id' });
    const bulk = await request(ctx.http).post('/api/admin/bulk-approve').set('Cookie', admin.cookie).send({ submissionIds: [2147483648] }).expect(400);
    expect(bulk.body.message).toMatch(/submissionIds must not be greater than 2147483647/);
    // The largest id that fits is an ordinary miss.
    await request(ctx.http).post('/api/admin/validate-submission/2147483647').set('Cookie', admin.cookie)
      .expect(404, { message: 'Submission not found' });
  });

  it('keeps a reward filter within the rewards a task can have', async () => {
    const bad = async (query: string, message: string) =>
      expect((await request(ctx.http).get(`/api/tasks?${query}`).expect(400)).body.message).toBe(message);
    await bad('minReward=100001', 'minReward must be a whole number from 0 to 100000');
    await bad('maxReward=2147483648', 'maxReward must be a whole number from 0 to 100000');
    const all = await request(ctx.http).get('/api/tasks?limit=100&minReward=0&maxReward=100000').expect(200);
    expect(all.body.items.map((t: { id: number }) => t.id)).toContain(who.taskId);
    await request(ctx.http).get('/api/tasks?limit=5&minReward=100000').expect(200);
  });

  it('pages notifications up to the largest bigint and no further', async () => {
    const page = await request(ctx.http).get('/api/notifications?cursor=9223372036854775807').set('Cookie', who.earner.cookie).expect(200);
    expect(Array.isArray(page.body.items)).toBe(true);
    await request(ctx.http).get('/api/notifications?cursor=9223372036854775808').set('Cookie', who.earner.cookie)
      .expect(400, { message: 'cursor must be a notification id' });
  });

  it('refuses a dashboard offset past any list', async () => {
    await request(ctx.http).get('/api/admin/dashboard?offset=2147483647').set('Cookie', who.admin.cookie).expect(200);
    const res = await request(ctx.http).get('/api/admin/dashboard?offset=1e21').set('Cookie', who.admin.cookie).expect(400);
    expect(res.body.message).toMatch(/offset must not be greater than 2147483647/);
  });

  it('refuses a NUL in a query string with the same message as in a body', async () => {
    await request(ctx.http).get('/api/tasks?search=a%00b').expect(400, { message: UNSTORABLE_TEXT });
    await request(ctx.http).get('/api/tasks?limit=5&search=a%00b').expect(400, { message: UNSTORABLE_TEXT });
    await request(ctx.http).get('/api/admin/dashboard?q=%00').set('Cookie', who.admin.cookie).expect(400, { message: UNSTORABLE_TEXT });
    // Other text is searched as usual, the characters "%00" among it.
    await request(ctx.http).get(`/api/tasks?limit=5&search=${encodeURIComponent('thread \u{1F680}')}`).expect(200);
    await request(ctx.http).get('/api/tasks?limit=5&search=%2500').expect(200);
  });

  it('answers a malformed multipart body with 400 and writes nothing', async () => {
    const user = await actor(ctx);
    const boundary = 'x-boundary';
    const res = await request(ctx.http)
      .post('/api/user/upload-profile-image')
      .set('Cookie', user.cookie)
      .set('content-type', `multipart/form-data; boundary=${boundary}`)
      // A part header with no colon: busboy's "Malformed part header".
      .send(`--${boundary}\r\nnot a header line\r\n\r\nxyz\r\n--${boundary}--\r\n`);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Malformed upload: /);
    const me = await request(ctx.http).get('/api/user').set('Cookie', user.cookie).expect(200);
    expect(me.body.profileImage ?? null).toBeNull();
  });
});
