import { createFundedTask, registerWalletUser } from '../../test/fixtures';
import { startTestDomain, TestContext } from '../../test/test-app';
import { ReviewSubmissionCommand } from '../tasks/commands/review-submission.command';
import { SubmitProofCommand } from '../tasks/commands/submit-proof.command';
import { SetTaskActiveCommand } from '../tasks/commands/set-task-active.command';
import { TaskAggregate } from '../tasks/domain/task.aggregate';
import { AggregateRepository } from './aggregate-repository';
import { AggregateSnapshots } from './aggregate-snapshots';
import { EventStore } from './event-store';

const PROOF = { proofLink: null, proofText: 'done', proofFileUrl: null, notes: null };

/** The task folded from its whole stream, with no snapshot involved. */
async function replayed(store: EventStore, id: number): Promise<TaskAggregate> {
  return new TaskAggregate(id).load((await store.readStream(TaskAggregate.streamId(id))).events);
}

describe('aggregate snapshots: a loaded aggregate is always the fold of its whole stream', () => {
  let ctx: TestContext;
  let other: TestContext;

  beforeAll(async () => {
    ctx = await startTestDomain();
    other = await startTestDomain({}, ctx.databaseUrl); // another process appending to the same streams
  });
  afterAll(async () => {
    await other.close();
    await ctx.close();
  });

  it('random submissions and reviews from two processes, racing on one task: every load equals a full replay', async () => {
    const repo = ctx.app.get(AggregateRepository);
    const store = ctx.app.get(EventStore);
    const creator = await registerWalletUser(ctx.commands);
    const earners = await Promise.all(Array.from({ length: 24 }, () => registerWalletUser(ctx.commands)));
    const taskId = await createFundedTask(ctx.commands, creator, { maxCompletions: 30 });
    const pending: number[] = [];
    for (let round = 0; round < 12; round++) {
      // Both processes at once, so appends race and decisions are retried on fresh state.
      const work = [ctx, other, ctx].map(async (c, i) => {
        const earner = earners[(round * 2 + i) % earners.length];
        try {
          pending.push(await c.commands.execute(new SubmitProofCommand(earner.id, taskId, PROOF)));
        } catch (err) {
          // Refused by the aggregate (e.g. full) or by a lost race after the retries: part of the game.
          if ((err as { status?: number }).status !== 400 && (err as { status?: number }).status !== 409) throw err;
        }
        const review = pending.shift();
        if (review) await c.commands.execute(new ReviewSubmissionCommand({ id: creator.id, isAdmin: false }, review, i === 1 ? 'rejected' : 'approved', 'ok'));
      });
      await Promise.all(work);
      const loaded = await repo.load(new TaskAggregate(taskId));
      const truth = await replayed(store, taskId);
      expect(loaded.version).toBe(truth.version);
      expect(loaded.snapshot).toEqual(truth.snapshot);
    }
    expect((await replayed(store, taskId)).snapshot.approved).toBeGreaterThan(5);
  });

  it('a decision that loses the append race leaves the snapshot as it was (evolve must not mutate the shared state)', async () => {
    const repo = ctx.app.get(AggregateRepository);
    const store = ctx.app.get(EventStore);
    const creator = await registerWalletUser(ctx.commands);
    const earner = await registerWalletUser(ctx.commands);
    const taskId = await createFundedTask(ctx.commands, creator, { maxCompletions: 3 });
    await repo.load(new TaskAggregate(taskId)); // snapshot taken
    const raced = await repo.load(new TaskAggregate(taskId));
    raced.submit(999_001, earner.id, PROOF, new Date()); // a decision that is never appended
    // Another process appends first, so `raced` is never stored.
    await other.commands.execute(new SubmitProofCommand(earner.id, taskId, PROOF));
    const loaded = await repo.load(new TaskAggregate(taskId));
    expect(loaded.snapshot).toEqual((await replayed(store, taskId)).snapshot);
    expect(loaded.snapshot.submissions.has(999_001)).toBe(false);
  });

  it('a command refused on a snapshot another process has moved past is decided again on the stream as stored', async () => {
    const store = ctx.app.get(EventStore);
    const creator = await registerWalletUser(ctx.commands);
    const earner = await registerWalletUser(ctx.commands);
    const owner = { id: creator.id, isAdmin: false };
    const taskId = await createFundedTask(ctx.commands, creator, { maxCompletions: 3 });
    await ctx.commands.execute(new SetTaskActiveCommand(owner, taskId, false)); // this process remembers it inactive
    await other.commands.execute(new SetTaskActiveCommand(owner, taskId, true));
    // Refused on the remembered state (inactive), accepted on the stream as stored.
    const submissionId: number = await ctx.commands.execute(new SubmitProofCommand(earner.id, taskId, PROOF));
    expect((await replayed(store, taskId)).snapshot.submissions.has(submissionId)).toBe(true);
  });

  it('a command that changes nothing on a snapshot another process has moved past is decided again on the stream as stored', async () => {
    const store = ctx.app.get(EventStore);
    const creator = await registerWalletUser(ctx.commands);
    const owner = { id: creator.id, isAdmin: false };
    const taskId = await createFundedTask(ctx.commands, creator, { maxCompletions: 3 });
    await ctx.commands.execute(new SetTaskActiveCommand(owner, taskId, false)); // this process remembers it inactive
    await other.commands.execute(new SetTaskActiveCommand(owner, taskId, true));
    // Nothing to do on the remembered state; on the stream as stored the task is active and is deactivated.
    await ctx.commands.execute(new SetTaskActiveCommand(owner, taskId, false));
    expect((await replayed(store, taskId)).snapshot.isActive).toBe(false);
  });

  it('keeps the newest state per stream and drops the least recently used stream', () => {
    const snapshots = new AggregateSnapshots(2);
    snapshots.put('a', 2, { v: 2 });
    snapshots.put('a', 1, { v: 1 }); // older than what is kept: ignored
    expect(snapshots.get('a')).toEqual({ version: 2, state: { v: 2 } });
    snapshots.put('b', 1, {});
    snapshots.get('a');
    snapshots.put('c', 1, {}); // evicts b, the least recently used
    expect(snapshots.get('b')).toBeUndefined();
    expect(snapshots.get('a')).toBeDefined();
  });
});
