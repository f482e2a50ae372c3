import request from 'supertest';
import { startTestApp, sessionCookieFor } from '@cent/backend/testing';
import { startSlowRpc, SlowRpc } from './support/slow-rpc';
import { IndexerInstance, Stack, eventually, startIndexer, startStack } from './support/stack';
import { approve, createAndFundTask, registerCreator, registerUser, submissionRow, submit, taskRow } from './support/scenario';
import { TestWorker, leadingWorker } from './support/worker';

const RPC_DELAY_MS = 2_000;

/**
 * Issue 20 item 4: a slow chain (+2 s per RPC call) while payouts are being broadcast must not slow the
 * routes that need no chain. The worker never keeps a database transaction open across a network call:
 * projections read below the oldest running transaction, and every command waits for its projection.
 */
describe('payout worker on a slow RPC', () => {
  let stack: Stack;
  let domain: IndexerInstance;
  let api: Awaited<ReturnType<typeof startTestApp>>;
  let slow: SlowRpc;
  let w: TestWorker;
  let running = true;
  let loop: Promise<void>;

  beforeAll(async () => {
    stack = await startStack();
    domain = await startIndexer(stack.env, { payouts: false });
    api = await startTestApp(stack.env, stack.databaseUrl);
    slow = await startSlowRpc(stack.anvil.url, 0);
    w = await leadingWorker(stack, domain, { lockName: 'payouts:slow', rpcUrl: slow.url });
    loop = (async () => {
      while (running) {
        await w.worker.tick().catch(() => undefined);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
  });

  afterAll(async () => {
    running = false;
    slow.delayMs = 0;
    await loop;
    await w?.close();
    await slow?.close();
    await api?.close();
    await domain?.close();
    await stack?.stop();
  });

  it('submissions and approvals through the API do not wait for a payout being broadcast', async () => {
    const creator = await registerCreator(domain.commands, stack.chain, 0);
    const task = await createAndFundTask(domain.commands, stack.chain, creator, { reward: 4, maxCompletions: 5 });
    await eventually(async () => (await taskRow(domain.db, task.taskId))?.funding_status === 'funded', 20_000, 'funded');
    const first = await submit(domain.commands, task.taskId, await registerUser(domain.commands));
    const creatorCookie = await sessionCookieFor(api.dataSource, creator.id);
    const earner = await registerUser(domain.commands);
    const earnerCookie = await sessionCookieFor(api.dataSource, earner.id);

    slow.delayMs = RPC_DELAY_MS;
    const broadcasting = slow.nextSend();
    await approve(domain.commands, creator, first);
    await broadcasting; // the worker's eth_sendRawTransaction is now held by the proxy for 2 s

    const t0 = Date.now();
    const submitted = await request(api.http)
      .post('/api/submissions').set('Cookie', earnerCookie)
      .send({ taskId: task.taskId, proofText: 'Done: https://x.com/post/2' }).expect(201);
    const submitMs = Date.now() - t0;
    const t1 = Date.now();
    await request(api.http).patch(`/api/submissions/${submitted.body.id}`).set('Cookie', creatorCookie).send({ status: 'approved' }).expect(200);
    const approveMs = Date.now() - t1;
    const stillBroadcasting = slow.sendsInFlight > 0;

    // Structural, not a benchmark: both finished while the broadcast was still held, far below its delay.
    expect({ stillBroadcasting, submitFast: submitMs < RPC_DELAY_MS / 2, approveFast: approveMs < RPC_DELAY_MS / 2 })
      .toEqual({ stillBroadcasting: true, submitFast: true, approveFast: true });

    slow.delayMs = 0;
    for (const id of [first, submitted.body.id as number]) {
      await eventually(async () => (await submissionRow(domain.db, id))?.payout_status === 'released', 30_000, `submission ${id} paid`);
    }
  }, 90_000);
});
