import request from 'supertest';
import { actor } from '../../test/api/api-actors';
import { createFundedTask } from '../../test/fixtures';
import { openSse, SseClient } from '../../test/sse-client';
import { Replica, startReplica } from '../../test/replica';
import { EventStore } from '../event-store/event-store';

/**
 * The live stream follows the read models' position: events no read model can write (a task event whose data
 * is JSON null, a deadline in year 10000, as a foreign or old writer could have stored them) are set aside by
 * the read model, so everyone's stream keeps telling them what changed.
 */
describe('GET /api/events/stream past an unreadable event', () => {
  let app: Replica;
  const open: SseClient[] = [];
  beforeAll(async () => {
    app = await startReplica({ LIVE_HEARTBEAT_MS: '300', LIVE_POLL_MS: '50' });
  });
  afterAll(async () => {
    for (const c of open) c.close();
    await app.app.close();
  });

  it('keeps streaming changes after it', async () => {
    const [creator, earner] = [await actor(app), await actor(app)];
    const taskId = await createFundedTask(app.commands, creator);
    const stream = await openSse(app.url, creator.cookie);
    open.push(stream);
    await stream.next((f) => f.event === 'ready', 'ready');

    const store = app.app.get(EventStore);
    const empty = await store.append('task-900000010', 0, [{ type: 'TaskCreated', data: null }]);
    const yearTenThousand = await store.append('task-900000011', 0, [{
      type: 'TaskCreated',
      data: { taskId: 900000011, creatorId: creator.id, title: 'Year 10000', description: 'd', requirements: 'r', category: 'Other', reward: 5,
        maxCompletions: 1, estimatedTime: 5, deadline: '+010000-01-01T00:00:00.000Z', submissionType: 'text', isActive: true, chainId: 31337,
        contractAddress: null, escrowAmount: '5000000000000000000', createdAt: new Date().toISOString() },
    }]);
    const s = (await request(app.http).post('/api/submissions').set('Cookie', earner.cookie)
      .send({ taskId, proofText: 'done', proofLink: null, proofFileUrl: null, notes: null }).expect(201)).body.id;
    const received = await stream.next((f) => f.event === 'change' && f.data.kind === 'submission_received' && f.data.submissionId === s, 'submission_received', 5000);
    expect(received.data).toMatchObject({ taskId, notification: true });

    // Each projection that cannot read an event sets it aside for itself: the tasks projection both; every other
    // projection that reads TaskCreated (review deadlines, creator records, ...) at least the one without data.
    const set: Array<{ projection: string; position: string }> = await app.dataSource.query(
      `SELECT projection, global_position::text AS position FROM projection_quarantine ORDER BY global_position, projection`,
    );
    const [emptyAt, year10kAt] = [empty.checkpoint!.position.toString(), yearTenThousand.checkpoint!.position.toString()];
    expect(set.filter((r) => r.projection === 'tasks')).toEqual([
      { projection: 'tasks', position: emptyAt },
      { projection: 'tasks', position: year10kAt },
    ]);
    expect(set.filter((r) => r.position !== emptyAt && r.position !== year10kAt)).toEqual([]);
    expect(set.filter((r) => r.projection === 'review-deadlines')).toEqual([{ projection: 'review-deadlines', position: emptyAt }]);
  });
});
