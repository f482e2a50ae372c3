import request from 'supertest';
import { Replica, startReplica, sessionCookieFor, openSse, SseClient, SseFrame } from '@cent/backend/testing';
import { IndexerInstance, Stack, startIndexer, startStack } from './support/stack';
import { createAndFundTask, registerCreator, registerUser } from './support/scenario';

/**
 * The live stream end to end: two backend replicas and the indexer + payout worker on one database and a
 * real anvil. A browser-like client on replica A sees the chain's facts (funding, release) as the indexer
 * records them and an approval made through replica B.
 */
describe('live stream with the indexer on a real chain', () => {
  let stack: Stack;
  let idx: IndexerInstance;
  let a: Replica;
  let b: Replica;
  const streams: SseClient[] = [];

  beforeAll(async () => {
    stack = await startStack();
    const env = { ...stack.env, LIVE_POLL_MS: '50' };
    idx = await startIndexer(env);
    a = await startReplica(env, stack.databaseUrl);
    b = await startReplica(env, stack.databaseUrl);
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await a?.app.close();
    await b?.app.close();
    await idx?.close();
    await stack?.stop();
  });

  const change = (kind: string, id?: number) => (f: SseFrame) => f.event === 'change' && f.data.kind === kind && (id === undefined || f.data.submissionId === id || f.data.taskId === id);

  it('funding, an approval through replica B and the payout confirmed on chain reach streams on replica A', async () => {
    const creator = await registerCreator(idx.commands, stack.chain, 0);
    const earner = await registerUser(idx.commands);
    const [creatorCookie, earnerCookie] = [await sessionCookieFor(a.dataSource, creator.id), await sessionCookieFor(a.dataSource, earner.id)];
    const creatorStream = await openSse(a.url, creatorCookie);
    const earnerStream = await openSse(a.url, earnerCookie);
    streams.push(creatorStream, earnerStream);
    await creatorStream.next((f) => f.event === 'ready', 'ready');
    await earnerStream.next((f) => f.event === 'ready', 'ready');

    const task = await createAndFundTask(idx.commands, stack.chain, creator, { reward: 9, maxCompletions: 2 });
    const funded = await creatorStream.next(change('task_funded', task.taskId), 'task_funded from the indexer');
    expect(funded.data.detail.txHash).toBe(task.txHash);

    const sub = await request(b.http).post('/api/submissions').set('Cookie', earnerCookie)
      .send({ taskId: task.taskId, proofText: 'done', proofLink: null, proofFileUrl: null, notes: null }).expect(201);
    await creatorStream.next(change('submission_received', sub.body.id), 'submission_received');
    await request(b.http).patch(`/api/submissions/${sub.body.id}`).set('Cookie', creatorCookie).send({ status: 'approved' }).expect(200);

    await earnerStream.next(change('submission_approved', sub.body.id), 'approval');
    const sent = await earnerStream.next(change('payout_sent', sub.body.id), 'payout sent by the worker');
    const confirmed = await earnerStream.next(change('payout_confirmed', sub.body.id), 'payout confirmed by the indexer');
    expect(BigInt(confirmed.id!)).toBeGreaterThan(BigInt(sent.id!));
    const receipt = await stack.anvil.provider.getTransactionReceipt(confirmed.data.detail.txHash);
    expect(receipt?.status).toBe(1);
    expect(confirmed.data.detail).toMatchObject({ amount: (9n * 10n ** 18n).toString(), recipient: earner.wallet.toLowerCase() });
    // The creator's approvals list hears about the payout too, without a notification.
    await creatorStream.next((f) => change('submission_changed', sub.body.id)(f) && f.id === confirmed.id, 'creator sees the release');
  });
});
