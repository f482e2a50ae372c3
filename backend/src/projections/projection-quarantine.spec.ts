import request from 'supertest';
import { Wallet } from 'ethers';
import { actor } from '../../test/api/api-actors';
import { applyLogs, centToBaseUnits, createFundedTask, releasedLog } from '../../test/fixtures';
import { startTestApp } from '../../test/test-app';
import { signInWithWallet } from '../auth/siwe-test-helpers';
import { EventStore } from '../event-store/event-store';
import { TaskEvents as T } from '../tasks/domain/task.events';

type App = Awaited<ReturnType<typeof startTestApp>>;
const DAY = 24 * 3600 * 1000;

/** A TaskCreated as an old or foreign writer could have stored it: no HTTP bound ever saw it. */
function rawTaskCreated(taskId: number, creatorId: number, overrides: Record<string, unknown>) {
  return {
    type: T.TaskCreated,
    data: {
      taskId, creatorId, title: 'Poison', description: 'd', requirements: 'r', category: 'Other', reward: 5, maxCompletions: 1,
      estimatedTime: 5, deadline: new Date(Date.now() + DAY).toISOString(), submissionType: 'text', isActive: true, chainId: 31337,
      contractAddress: null, escrowAmount: (5n * 10n ** 18n).toString(), createdAt: new Date().toISOString(), ...overrides,
    },
  };
}

/**
 * An event store holding events a read model cannot write must not be a dead product: the projection sets
 * each such event aside (quarantine), tells the admins, and everything else keeps moving.
 */
describe('projection quarantine: one event a projection cannot write never stops the product', () => {
  let ctx: App;
  beforeAll(async () => {
    ctx = await startTestApp({ RATE_LIMIT_AUTH: '10000' });
  });
  afterAll(() => ctx.close());

  it('sets the events aside for the projection that fails, alerts admins, keeps sign-in, creation, reviews and payouts working; a rebuild retries them', async () => {
    const [creator, earner, admin] = [await actor(ctx), await actor(ctx), await actor(ctx, { admin: true })];
    const otherTask = await createFundedTask(ctx.commands, creator, { reward: 30, maxCompletions: 3 });

    // Appended straight to the store (no HTTP or aggregate bound): a deadline in year 10000 (PostgreSQL: out of
    // range), a reward past int4 (overflows its column). And one from before the one-year bound, 9999-12-31,
    // whose review dates (year 10000) are clamped: that one applies.
    const store = ctx.app.get(EventStore);
    const farFuture = await store.append('task-900000001', 0, [rawTaskCreated(900000001, creator.id, { deadline: '+010000-01-01T00:00:00.000Z' })]);
    const overflow = await store.append('task-900000002', 0, [rawTaskCreated(900000002, creator.id, { reward: 2 ** 31 })]);
    const poison = [farFuture.checkpoint!.position.toString(), overflow.checkpoint!.position.toString()];
    await store.append('task-900000003', 0, [rawTaskCreated(900000003, creator.id, { deadline: '9999-12-31T23:59:59.000Z' })]);

    // Sign-in, both ways, reads its own writes.
    const agent = request.agent(ctx.http);
    const registered = await agent.post('/api/register').send({ username: 'after_poison', password: 'password one' }).expect(201);
    await agent.get('/api/user').expect(200);
    await request.agent(ctx.http).post('/api/login').send({ username: 'after_poison', password: 'password one' }).expect(200);
    const walletAgent = request.agent(ctx.http);
    const signedIn = await signInWithWallet(walletAgent, Wallet.createRandom());
    expect(signedIn.status).toBe(200);
    expect((await walletAgent.get('/api/user').expect(200)).body.id).toBe(signedIn.body.id);
    expect(registered.body.id).toEqual(expect.any(Number));

    // Task creation reads its own writes.
    const created = await request(ctx.http).post('/api/tasks').set('Cookie', creator.cookie).send({
      title: 'Still works', description: 'd', requirements: 'r', category: 'Other', submissionType: 'text', reward: 7,
      maxCompletions: 2, estimatedTime: 5, deadline: new Date(Date.now() + 3 * DAY).toISOString(), isActive: true,
    }).expect(201);
    await request(ctx.http).get(`/api/tasks/${created.body.id}`).set('Cookie', creator.cookie).expect(200);

    // Another task's submission, approval and payout.
    const s = (await request(ctx.http).post('/api/submissions').set('Cookie', earner.cookie)
      .send({ taskId: otherTask, proofText: 'done', proofLink: null, proofFileUrl: null, notes: null }).expect(201)).body;
    const approved = await request(ctx.http).patch(`/api/submissions/${s.id}`).set('Cookie', creator.cookie).send({ status: 'approved' }).expect(200);
    expect(approved.body).toMatchObject({ status: 'approved', payoutStatus: 'requested' });
    const release = releasedLog(otherTask, s.id, earner.wallet, centToBaseUnits(30));
    await applyLogs(ctx.commands, otherTask, release);
    const paid = await request(ctx.http).get(`/api/submissions/${s.id}`).set('Cookie', earner.cookie).expect(200);
    expect(paid.body).toMatchObject({ payoutStatus: 'released', transactionHash: release.fact.txHash });
    const task = await request(ctx.http).get(`/api/tasks/${otherTask}`).expect(200);
    expect(task.body).toMatchObject({ completions: 1, totalSubmissions: 1 });

    // The task stored before the bound reads with its review dates clamped to the last storable second.
    const old = await request(ctx.http).get('/api/tasks/900000003').set('Cookie', creator.cookie).expect(200);
    expect(old.body).toMatchObject({ deadline: '9999-12-31T23:59:59.000Z' });
    expect(old.body.funding).toMatchObject({ reviewUntil: '9999-12-31T23:59:59.000Z', refundableAt: '9999-12-31T23:59:59.000Z' });

    // Set aside for the tasks projection only, with the database's own error.
    const rows = await ctx.dataSource.query(
      `SELECT projection, global_position::text AS position, event_type, stream_id, error, error_code, attempts
         FROM projection_quarantine ORDER BY global_position, projection`);
    expect(rows).toEqual([
      { projection: 'tasks', position: poison[0], event_type: 'TaskCreated', stream_id: 'task-900000001', error: expect.stringMatching(/out of range/), error_code: expect.stringMatching(/^22/), attempts: 1 },
      { projection: 'tasks', position: poison[1], event_type: 'TaskCreated', stream_id: 'task-900000002', error: expect.stringMatching(/out of range/), error_code: '22003', attempts: 1 },
    ]);

    // The admins are told (notifications and the admin dashboard); nobody else is.
    const told = await request(ctx.http).get('/api/notifications').set('Cookie', admin.cookie).expect(200);
    const alerts = told.body.items.filter((n: { kind: string }) => n.kind === 'projection_quarantined');
    expect(alerts.map((n: { id: string }) => n.id).sort()).toEqual([...poison].sort());
    expect(alerts[0].detail).toMatchObject({ projection: 'tasks', eventType: 'TaskCreated', reason: expect.stringMatching(/out of range/) });
    const earnerNotes = await request(ctx.http).get('/api/notifications').set('Cookie', earner.cookie).expect(200);
    expect(earnerNotes.body.items.some((n: { kind: string }) => n.kind === 'projection_quarantined')).toBe(false);
    const dash = await request(ctx.http).get('/api/admin/dashboard').set('Cookie', admin.cookie).expect(200);
    expect(dash.body.projections).toEqual({ quarantined: 2 });
    const list = await request(ctx.http).get('/api/admin/projections/quarantine').set('Cookie', admin.cookie).expect(200);
    expect(list.body).toEqual({
      count: 2,
      items: [
        expect.objectContaining({ projection: 'tasks', position: poison[1], eventType: 'TaskCreated', streamId: 'task-900000002', attempts: 1 }),
        expect.objectContaining({ projection: 'tasks', position: poison[0], eventType: 'TaskCreated', streamId: 'task-900000001', attempts: 1 }),
      ],
    });
    await request(ctx.http).get('/api/admin/projections/quarantine').set('Cookie', earner.cookie).expect(403);

    // A rebuild retries them: they still fail (same rows, one more attempt), everything else is rebuilt.
    const before = await ctx.dataSource.query(`SELECT * FROM tasks ORDER BY id`);
    await ctx.projections.rebuild();
    expect(await ctx.dataSource.query(`SELECT * FROM tasks ORDER BY id`)).toEqual(before);
    const again = await ctx.dataSource.query(`SELECT global_position::text AS position, attempts FROM projection_quarantine ORDER BY global_position`);
    expect(again).toEqual([{ position: poison[0], attempts: 2 }, { position: poison[1], attempts: 2 }]);
    await request(ctx.http).post('/api/login').send({ username: 'after_poison', password: 'password one' }).expect(200);
  }, 120_000);
});
