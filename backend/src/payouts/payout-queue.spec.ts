import request from 'supertest';
import { actor, cast } from '../../test/api/api-actors';
import { applyLogs, centToBaseUnits, fundedKeyOf, releasedLog } from '../../test/fixtures';
import { startTestApp } from '../../test/test-app';
import { RecordPayoutSentCommand } from '../tasks/commands/record-payout-sent.command';
import { PayoutQueue, PayoutQueueItem } from './payout-queue';

type App = Awaited<ReturnType<typeof startTestApp>>;

/** Every waiting item of `taskId`, in queue order. */
async function itemsOf(queue: PayoutQueue, taskId: number): Promise<PayoutQueueItem[]> {
  const items: PayoutQueueItem[] = [];
  for await (const page of queue.pages({ pageSize: 2 })) items.push(...page.filter((i) => i.taskId === taskId));
  return items;
}

const nothingInFlight = async () => new Set<number>();

describe('PayoutQueue (what the payout worker reads)', () => {
  let ctx: App;
  let queue: PayoutQueue;
  beforeAll(async () => {
    ctx = await startTestApp();
    queue = new PayoutQueue(ctx.dataSource);
  });
  afterAll(() => ctx.app.close());

  async function approve(cookie: string, submissionId: number): Promise<void> {
    await request(ctx.http).patch(`/api/submissions/${submissionId}`).set('Cookie', cookie).send({ status: 'approved' }).expect(200);
  }

  async function submit(taskId: number): Promise<{ submissionId: number; wallet: string }> {
    const earner = await actor(ctx);
    const res = await request(ctx.http)
      .post('/api/submissions')
      .set('Cookie', earner.cookie)
      .send({ taskId, proofText: 'Done, see the thread', proofLink: null, proofFileUrl: null, notes: null })
      .expect(201);
    return { submissionId: res.body.id, wallet: earner.wallet };
  }

  it('holds an approved payout from its request until the release is recorded, with its wallet, amount and escrow key', async () => {
    const { creator, earner, taskId, submissionId } = await cast(ctx);
    const [{ reward }] = await ctx.dataSource.query(`SELECT reward FROM tasks WHERE id = $1`, [taskId]);
    const before = await queue.stats();
    expect(await itemsOf(queue, taskId)).toEqual([]);

    await approve(creator.cookie, submissionId);
    const [requested] = await itemsOf(queue, taskId);
    expect(requested).toEqual({
      taskId, submissionId, recipient: expect.any(String), amount: centToBaseUnits(reward), escrowKey: fundedKeyOf(taskId),
      status: 'requested', funded: true, queuedAt: expect.any(Date),
    });
    expect(requested.recipient!.toLowerCase()).toBe(earner.wallet.toLowerCase());
    expect(await queue.stats()).toEqual({ requested: before.requested + 1, sent: before.sent, oldestAgeSeconds: expect.any(Number) });
    expect((await queue.due(1000, nothingInFlight)).map((i) => i.submissionId)).toContain(submissionId);

    await ctx.commands.execute(new RecordPayoutSentCommand(taskId, [submissionId], `0x${'ab'.repeat(32)}`));
    expect((await itemsOf(queue, taskId)).map((i) => i.status)).toEqual(['sent']);
    expect(await queue.stats()).toMatchObject({ requested: before.requested, sent: before.sent + 1 });

    await applyLogs(ctx.commands, taskId, releasedLog(taskId, submissionId, requested.recipient!, centToBaseUnits(reward)));
    expect(await itemsOf(queue, taskId)).toEqual([]);
    expect(await queue.stats()).toMatchObject({ requested: before.requested, sent: before.sent });
  });

  it('gives the due items oldest first, leaving out those in flight and reading on past a page of them', async () => {
    const { creator, taskId, submissionId: first } = await cast(ctx);
    const second = (await submit(taskId)).submissionId;
    const third = (await submit(taskId)).submissionId;
    for (const id of [first, second, third]) await approve(creator.cookie, id);
    const ofTask = (items: PayoutQueueItem[]) => items.filter((i) => i.taskId === taskId).map((i) => i.submissionId);

    expect(ofTask(await queue.due(1000, nothingInFlight))).toEqual([first, second, third]);
    const firstTwoInFlight = async (ids: number[]) => new Set(ids.filter((id) => id === first || id === second));
    expect(ofTask(await queue.due(1000, firstTwoInFlight))).toEqual([third]);

    // A limit of one reads pages of one: the two in flight are left out and the third page brings the due item.
    const asked: number[][] = [];
    const allButThirdInFlight = async (ids: number[]) => {
      asked.push(ids);
      return new Set(ids.filter((id) => id !== third));
    };
    expect((await queue.due(1, allButThirdInFlight)).map((i) => i.submissionId)).toEqual([third]);
    expect(asked).toEqual([[first], [second], [third]]);
  });
});
