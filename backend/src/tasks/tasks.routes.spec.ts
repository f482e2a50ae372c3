import request from 'supertest';
import { Wallet } from 'ethers';
import { applyLogs, createFundedTask, fundedLog } from '../../test/fixtures';
import { actor } from '../../test/api/api-actors';
import { startTestApp } from '../../test/test-app';
import { escrowKey } from './domain/escrow-key';

const TOKEN = '0x' + '11'.repeat(20);
const ESCROW = '0x' + '22'.repeat(20);
const DAY = 24 * 3600 * 1000;

function body(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Design a logo',
    description: 'A round logo for CENT',
    requirements: 'SVG and PNG',
    category: 'Design',
    submissionType: 'file',
    reward: 120,
    maxCompletions: 3,
    estimatedTime: 90,
    // Whole seconds plus 789 ms: the task keeps whole seconds (its deadline is also the escrow's uint64).
    deadline: new Date(Math.floor(Date.now() / 1000) * 1000 + 3 * DAY + 789).toISOString(),
    isActive: true,
    ...overrides,
  };
}

const TASK_KEYS = [
  'category', 'chainId', 'chainTaskId', 'completions', 'contractAddress', 'createdAt', 'creatorId', 'deadline',
  'description', 'escrowAddress', 'escrowAmount', 'estimatedTime', 'funding', 'fundingStatus', 'id', 'isActive', 'maxCompletions',
  'pendingSubmissions', 'requirements', 'reward', 'submissionType', 'title', 'tokenAddress', 'totalSubmissions', 'reviewWithinHours',
  // Issue 22: the creator's record in short (null for a new creator): creator-records.routes.spec.ts.
  'creatorRecord',
].sort();

describe('tasks API', () => {
  let ctx: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    ctx = await startTestApp({ TOKEN_ADDRESS: TOKEN, ESCROW_ADDRESS: ESCROW, CHAIN_ID: '31337' });
  });
  afterAll(() => ctx.app.close());

  it('POST /api/tasks creates a task awaiting funding with what the wallet needs to fund it', async () => {
    const creator = await actor(ctx);
    const sent = body({ creatorId: 999, contractAddress: '0x' + '33'.repeat(20), completions: 7 });
    const res = await request(ctx.http).post('/api/tasks').set('Cookie', creator.cookie).send(sent).expect(201);
    expect(Object.keys(res.body).sort()).toEqual(TASK_KEYS);
    const deadline = new Date(Math.floor(Date.parse(sent.deadline) / 1000) * 1000);
    const unix = BigInt(deadline.getTime() / 1000);
    const args = { taskId: String(res.body.id), reward: (120n * 10n ** 18n).toString(), maxCompletions: '3', deadline: unix.toString() };
    expect(res.body).toEqual({
      id: expect.any(Number),
      title: 'Design a logo',
      description: 'A round logo for CENT',
      requirements: 'SVG and PNG',
      category: 'Design',
      creatorId: creator.id, // from the session, not the body's 999
      reward: 120,
      maxCompletions: 3,
      reviewWithinHours: 72, // issue 22: the default "auto-approve after"
      creatorRecord: null, // issue 22: a new creator (no reviews yet)
      completions: 0,
      totalSubmissions: 0,
      pendingSubmissions: 0,
      estimatedTime: 90,
      deadline: deadline.toISOString(),
      submissionType: 'file',
      isActive: true,
      contractAddress: ESCROW, // from configuration, not the body
      createdAt: expect.any(String),
      fundingStatus: 'awaiting_funding',
      chainTaskId: String(res.body.id),
      escrowAmount: (360n * 10n ** 18n).toString(),
      chainId: 31337,
      tokenAddress: TOKEN,
      escrowAddress: ESCROW,
      funding: {
        status: 'awaiting_funding',
        chainId: 31337,
        tokenAddress: TOKEN,
        escrowAddress: ESCROW,
        funder: creator.wallet,
        method: 'fund',
        args,
        amount: (360n * 10n ** 18n).toString(),
        escrowKey: escrowKey(creator.wallet, { ...args }),
        // 7-day review window (default), approvals close 1 h before it ends; refund opens 1 s after it.
        reviewUntil: new Date(deadline.getTime() + 7 * DAY - 3600_000).toISOString(),
        refundableAt: new Date(deadline.getTime() + 7 * DAY + 1000).toISOString(),
        anomalies: [],
        moreAnomalies: 0,
        strangerEscrows: null,
      },
    });
    // Not listed, not visible to others, visible to its creator.
    const list = await request(ctx.http).get('/api/tasks').expect(200);
    expect(list.body.map((t: { id: number }) => t.id)).not.toContain(res.body.id);
    await request(ctx.http).get(`/api/tasks/${res.body.id}`).expect(404, { message: 'Task not found' });
    await request(ctx.http).get(`/api/tasks/${res.body.id}`).set('Cookie', creator.cookie).expect(200);

    const page = '/api/tasks?limit=5&category=Design&available=true';
    const before = await request(ctx.http).get(page).expect(200);
    expect(before.body.items.map((t: { id: number }) => t.id)).not.toContain(res.body.id);

    // Once the chain confirms the escrow it is public, at once (the page cache follows the read models).
    const funding = fundedLog(res.body.id, creator.wallet, { reward: 120, maxCompletions: 3, deadline });
    await applyLogs(ctx.commands, res.body.id, funding);
    const after = await request(ctx.http).get(`/api/tasks/${res.body.id}`).expect(200);
    expect(after.body.fundingStatus).toBe('funded');
    expect(after.body.funding).toMatchObject({ status: 'funded', funder: creator.wallet, escrowKey: funding.key, anomalies: [] });
    const listed = await request(ctx.http).get('/api/tasks').expect(200);
    expect(listed.body.map((t: { id: number }) => t.id)).toContain(res.body.id);
    const after2 = await request(ctx.http).get(page).expect(200);
    expect(after2.body.items[0].id).toBe(res.body.id);
    expect(after2.body.total).toBe(before.body.total + 1);
  });

  it('funding object: a stranger\'s funding is an anomaly the creator and admins see (with recovery), others never; the creator still funds', async () => {
    const creator = await actor(ctx);
    const other = await actor(ctx);
    const admin = await actor(ctx, { admin: true });
    const created = await request(ctx.http).post('/api/tasks').set('Cookie', creator.cookie).send(body({ reward: 5, maxCompletions: 2 })).expect(201);
    const id = created.body.id;
    const terms = { reward: 5, maxCompletions: 2, deadline: new Date(created.body.deadline) };
    const stranger = Wallet.createRandom().address;
    await applyLogs(ctx.commands, id, fundedLog(id, stranger, terms));
    const seen = await request(ctx.http).get(`/api/tasks/${id}`).set('Cookie', creator.cookie).expect(200);
    expect(seen.body.fundingStatus).toBe('anomaly');
    expect(seen.body.funding.status).toBe('anomaly');
    // The fund arguments and key stay the creator's: the stranger's escrow is another key.
    expect(seen.body.funding.escrowKey).toBe(created.body.funding.escrowKey);
    expect(seen.body.funding.anomalies).toEqual([{
      kind: 'foreign_funder',
      reason: `funded by ${stranger}, not by the creator's linked wallet ${creator.wallet}`,
      txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      recovery: `Only the wallet that funded it (${stranger}) can refund that escrow, after ${created.body.funding.refundableAt}. ` +
        `To fund this task, call fund from your linked wallet ${creator.wallet} with the exact arguments shown.`,
    }]);
    expect((await request(ctx.http).get(`/api/tasks/${id}`).set('Cookie', admin.cookie).expect(200)).body.funding.anomalies).toHaveLength(1);
    await request(ctx.http).get(`/api/tasks/${id}`).set('Cookie', other.cookie).expect(404);
    expect((await request(ctx.http).get('/api/tasks')).body.map((t: { id: number }) => t.id)).not.toContain(id);

    // The creator funds with the exact arguments: funded, listed. The stranger's escrow is now information for
    // admins (a count), no longer the creator's anomaly (issue 19, item 10).
    const good = fundedLog(id, creator.wallet, terms);
    await applyLogs(ctx.commands, id, good);
    const listed = (await request(ctx.http).get('/api/tasks').set('Cookie', other.cookie).expect(200)).body.find((t: { id: number }) => t.id === id);
    expect(listed.funding).toMatchObject({ status: 'funded', escrowKey: good.key, funder: creator.wallet, anomalies: [], strangerEscrows: null });
    const own = await request(ctx.http).get(`/api/tasks/${id}`).set('Cookie', creator.cookie).expect(200);
    expect(own.body.funding).toMatchObject({ anomalies: [], moreAnomalies: 0, strangerEscrows: null });
    const dash = await request(ctx.http).get('/api/dashboard').set('Cookie', creator.cookie).expect(200);
    expect(dash.body.createdTasks.find((t: { id: number }) => t.id === id).funding.anomalies).toHaveLength(0);
    const asAdmin = await request(ctx.http).get(`/api/tasks/${id}`).set('Cookie', admin.cookie).expect(200);
    expect(asAdmin.body.funding).toMatchObject({ anomalies: [], strangerEscrows: { count: 1, first: [expect.objectContaining({ kind: 'foreign_funder' })] } });
  });

  it("300 strangers' escrows (100 before the funding, 200 after): the creator's task JSON stays small and shows none; admins get a count and the first 5", async () => {
    const creator = await actor(ctx);
    const admin = await actor(ctx, { admin: true });
    const created = await request(ctx.http).post('/api/tasks').set('Cookie', creator.cookie).send(body({ reward: 5, maxCompletions: 2 })).expect(201);
    const id = created.body.id;
    const terms = { reward: 5, maxCompletions: 2, deadline: new Date(created.body.deadline) };
    const strangers = (n: number) => Array.from({ length: n }, (_, i) => fundedLog(id, Wallet.createRandom().address, terms, { reward: BigInt(i + 1) }));
    await applyLogs(ctx.commands, id, ...strangers(100));
    const before = await request(ctx.http).get(`/api/tasks/${id}`).set('Cookie', creator.cookie).expect(200);
    // Not funded yet: other wallets' fundings are the creator's anomalies (maybe their own other wallet), capped.
    expect(before.body.funding).toMatchObject({ status: 'anomaly', moreAnomalies: 90 });
    expect(before.body.funding.anomalies).toHaveLength(10);
    expect(JSON.stringify(before.body).length).toBeLessThan(12_000);

    await applyLogs(ctx.commands, id, fundedLog(id, creator.wallet, terms));
    await applyLogs(ctx.commands, id, ...strangers(200));
    const own = await request(ctx.http).get(`/api/tasks/${id}`).set('Cookie', creator.cookie).expect(200);
    expect(own.body.funding).toMatchObject({ status: 'funded', anomalies: [], moreAnomalies: 0, strangerEscrows: null });
    expect(JSON.stringify(own.body).length).toBeLessThan(3_000);
    const asAdmin = await request(ctx.http).get(`/api/tasks/${id}`).set('Cookie', admin.cookie).expect(200);
    expect(asAdmin.body.funding.anomalies).toEqual([]);
    expect(asAdmin.body.funding.strangerEscrows.count).toBe(300);
    expect(asAdmin.body.funding.strangerEscrows.first).toHaveLength(5);
    expect(JSON.stringify(asAdmin.body).length).toBeLessThan(5_000);
    // The row itself lists 10 and counts the rest: every read of it stays small.
    const [row] = await ctx.dataSource.query(`SELECT anomalies, stranger_escrows_unlisted FROM tasks WHERE id = $1`, [id]);
    expect(row.anomalies).toHaveLength(10);
    expect(row.stranger_escrows_unlisted).toBe(290);
    expect(JSON.stringify(row).length).toBeLessThan(8_000);
  });

  it('accepts the form\'s numbers as text and defaults isActive to true', async () => {
    const creator = await actor(ctx);
    const { isActive: _omit, ...rest } = body({ reward: '50', maxCompletions: '5', estimatedTime: '30' });
    const res = await request(ctx.http).post('/api/tasks').set('Cookie', creator.cookie).send(rest).expect(201);
    expect(res.body).toMatchObject({ reward: 50, maxCompletions: 5, estimatedTime: 30, isActive: true });
  });

  it.each([
    [{ reward: 100001 }, 'Maximum 100,000 CENTS'],
    [{ reward: 0 }, 'Reward must be a positive whole number'],
    [{ reward: 1.5 }, 'Reward must be a positive whole number'],
    [{ reward: 'abc' }, 'Reward must be a positive whole number'],
    [{ maxCompletions: 101 }, 'Maximum 100 completions'],
    [{ maxCompletions: 0 }, 'Max completions must be a positive whole number'],
    [{ estimatedTime: 481 }, 'Maximum 8 hours (480 minutes)'],
    [{ estimatedTime: -1 }, 'Estimated time must be a positive whole number of minutes'],
    [{ title: '' }, 'Title is required'],
    [{ title: '   ' }, 'Title is required'],
    [{ title: undefined }, 'Title is required'],
    [{ description: '' }, 'Description is required'],
    [{ requirements: null }, 'Requirements are required'],
    [{ category: 'Cooking' }, 'Category must be one of: Content, Development, Design, Marketing, Research, Social Media, Testing, Translation, Other'],
    [{ category: undefined }, 'Category is required'],
    [{ submissionType: 'video' }, 'Submission type must be one of: text, link, file, mixed'],
    [{ deadline: undefined }, 'Deadline is required (a date and time in the future)'],
    [{ deadline: 'soon' }, 'Deadline is required (a date and time in the future)'],
    [{ deadline: new Date(Date.now() - 1000).toISOString() }, 'Deadline must be in the future'],
    [{ isActive: 'yes' }, 'isActive must be true or false'],
  ])('refuses %j with "%s"', async (override, message) => {
    const creator = await actor(ctx);
    const res = await request(ctx.http).post('/api/tasks').set('Cookie', creator.cookie).send(body(override)).expect(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors).toContain(message);
  });

  it('answers 401 to a signed-out creation and lists every bad field at once', async () => {
    await request(ctx.http).post('/api/tasks').send(body()).expect(401, { message: 'Not authenticated' });
    const creator = await actor(ctx);
    const res = await request(ctx.http).post('/api/tasks').set('Cookie', creator.cookie).send({}).expect(400);
    expect(res.body.errors).toEqual(expect.arrayContaining(['Title is required', 'Description is required', 'Requirements are required']));
  });

  it('keeps drafts and unfunded tasks out of the list; shows them to their creator and admins only', async () => {
    const creator = await actor(ctx);
    const other = await actor(ctx);
    const admin = await actor(ctx, { admin: true });
    const draft = await createFundedTask(ctx.commands, creator, { isActive: false });
    const draftRes = await request(ctx.http).post('/api/tasks').set('Cookie', creator.cookie).send(body({ isActive: false })).expect(201);
    const list = await request(ctx.http).get('/api/tasks').set('Cookie', creator.cookie).expect(200);
    const ids = list.body.map((t: { id: number }) => t.id);
    expect(ids).not.toContain(draft);
    expect(ids).not.toContain(draftRes.body.id);
    for (const id of [draft, draftRes.body.id]) {
      await request(ctx.http).get(`/api/tasks/${id}`).expect(404);
      await request(ctx.http).get(`/api/tasks/${id}`).set('Cookie', other.cookie).expect(404);
      await request(ctx.http).get(`/api/tasks/${id}`).set('Cookie', creator.cookie).expect(200);
      await request(ctx.http).get(`/api/tasks/${id}`).set('Cookie', admin.cookie).expect(200);
    }
  });

  it('GET /api/tasks answers a signed-out reader as JSON with an ETag (304 when unchanged) and starts no session; a signed-in one still counts as signed in', async () => {
    const creator = await actor(ctx);
    const earner = await actor(ctx);
    const taskId = await createFundedTask(ctx.commands, creator, { category: 'Translation', maxCompletions: 4 });
    const path = '/api/tasks?category=Translation&available=true&limit=5';
    const first = await request(ctx.http).get(path).expect(200).expect('Content-Type', 'application/json; charset=utf-8');
    expect(first.headers['set-cookie']).toBeUndefined();
    expect(first.body).toEqual({ items: [expect.objectContaining({ id: taskId, totalSubmissions: 0 })], nextCursor: null, total: 1 });
    const etag = first.headers.etag;
    expect(etag).toMatch(/^W\/"/);
    await request(ctx.http).get(path).set('If-None-Match', etag).expect(304);
    // A submission moves the task's counters: a new body, a new ETag.
    await request(ctx.http).post('/api/submissions').set('Cookie', earner.cookie)
      .send({ taskId, proofText: 'done', proofLink: null, proofFileUrl: null, notes: null }).expect(201);
    const after = await request(ctx.http).get(path).set('If-None-Match', etag).expect(200);
    expect(after.body.items[0]).toMatchObject({ id: taskId, totalSubmissions: 1, pendingSubmissions: 1 });
    expect(after.headers.etag).not.toBe(etag);
    // The earner's own "available" list no longer offers the task they submitted to: their session was read.
    const own = await request(ctx.http).get(path).set('Cookie', earner.cookie).expect(200);
    expect(own.body).toEqual({ items: [], nextCursor: null, total: 0 });
    // A signed-out visitor asking for a challenge still gets a session (the nonce lives in it).
    const challenge = await request(ctx.http).get(`/api/auth/challenge?address=${Wallet.createRandom().address}`).expect(200);
    expect(String(challenge.headers['set-cookie'])).toContain('cent.sid=');
  });

  it('answers 404 for a missing task and 400 for a malformed id', async () => {
    await request(ctx.http).get('/api/tasks/999999').expect(404, { message: 'Task not found' });
    await request(ctx.http).get('/api/tasks/abc').expect(400, { message: 'Invalid id' });
    await request(ctx.http).get('/api/tasks/0').expect(400, { message: 'Invalid id' });
    await request(ctx.http).get('/api/tasks/99999999999').expect(400, { message: 'Invalid id' });
  });

  it('GET /api/tasks/:id/user-submission: hasSubmitted and the submission, 401 signed out', async () => {
    const creator = await actor(ctx);
    const earner = await actor(ctx);
    const taskId = await createFundedTask(ctx.commands, creator, { submissionType: 'text' });
    await request(ctx.http).get(`/api/tasks/${taskId}/user-submission`).expect(401, { message: 'Not authenticated' });
    await request(ctx.http)
      .get(`/api/tasks/${taskId}/user-submission`)
      .set('Cookie', earner.cookie)
      .expect(200, { hasSubmitted: false, submission: null });
    const sub = await request(ctx.http)
      .post('/api/submissions')
      .set('Cookie', earner.cookie)
      .send({ taskId, userId: creator.id, proofText: 'done', proofLink: null, proofFileUrl: null, notes: 'n' })
      .expect(201);
    const res = await request(ctx.http).get(`/api/tasks/${taskId}/user-submission`).set('Cookie', earner.cookie).expect(200);
    expect(res.body.hasSubmitted).toBe(true);
    expect(res.body.submission).toMatchObject({ id: sub.body.id, taskId, userId: earner.id, status: 'pending', proofText: 'done' });
    await request(ctx.http).get('/api/tasks/999999/user-submission').set('Cookie', earner.cookie).expect(404);
  });

  it('round-trips <script> and javascript: text as data', async () => {
    const creator = await actor(ctx);
    const evil = {
      title: '<script>alert("x")</script>',
      description: 'Click [here](javascript:alert(1)) or <a href="javascript:alert(document.cookie)">this</a>',
      requirements: '<img src=x onerror=alert(1)> & "quotes" \'single\'',
    };
    const res = await request(ctx.http).post('/api/tasks').set('Cookie', creator.cookie).send(body(evil)).expect(201);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const got = await request(ctx.http).get(`/api/tasks/${res.body.id}`).set('Cookie', creator.cookie).expect(200);
    expect(got.body).toMatchObject(evil);
  });
});
