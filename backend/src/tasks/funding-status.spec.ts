import { Wallet } from 'ethers';
import { applyLogs, chainFact, fundedLog, registerWalletUser, taskInput } from '../../test/fixtures';
import { startTestDomain, TestContext } from '../../test/test-app';
import { AggregateRepository } from '../event-store/aggregate-repository';
import { CreateTaskCommand } from './commands/create-task.command';
import { FundedLog, RefundedLog } from './commands/apply-escrow-logs.command';
import { TaskAggregate } from './domain/task.aggregate';
import { MAX_LISTED_STRANGER_ESCROWS } from './queries/task-funding.view';

/**
 * One funding-status rule (domain/funding-status.ts) for the aggregate and the `tasks` read table: after every
 * chain fact both say the same. The order that once split them: another wallet funds the task id (an anomaly
 * the creator sees), that escrow is refunded by its funder (recovered: the task awaits its funding again,
 * DESIGN.md "Nobody can occupy or mis-specify another creator's task"), then the creator funds correctly.
 */
describe('funding status: the aggregate and the tasks read table agree', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await startTestDomain();
  });
  afterAll(() => ctx.close());

  const both = async (taskId: number) => {
    const task = await ctx.app.get(AggregateRepository).load(new TaskAggregate(taskId));
    const [row] = await ctx.dataSource.query(`SELECT funding_status FROM tasks WHERE id = $1`, [taskId]);
    return { aggregate: task.snapshot.escrow.status, readTable: row.funding_status as string };
  };
  /** Its funder takes a stray escrow back (the chain allows it after the deadline plus the review window). */
  const strayRefund = (log: FundedLog): RefundedLog => ({ kind: 'refunded', fact: chainFact(), key: log.key, funder: log.funder, amount: log.amount });

  it("a stranger's escrow refunded before the creator funds correctly: awaiting funding, then funded, on both sides", async () => {
    const creator = await registerWalletUser(ctx.commands);
    const input = taskInput({ reward: 5, maxCompletions: 2 });
    const taskId: number = await ctx.commands.execute(new CreateTaskCommand(creator.id, input));
    const stranger = fundedLog(taskId, Wallet.createRandom().address, input);

    await applyLogs(ctx.commands, taskId, stranger);
    expect(await both(taskId)).toEqual({ aggregate: 'anomaly', readTable: 'anomaly' });

    await applyLogs(ctx.commands, taskId, strayRefund(stranger));
    expect(await both(taskId)).toEqual({ aggregate: 'awaiting_funding', readTable: 'awaiting_funding' });

    await applyLogs(ctx.commands, taskId, fundedLog(taskId, creator.wallet, input));
    expect(await both(taskId)).toEqual({ aggregate: 'funded', readTable: 'funded' });
  });

  it("more strangers' escrows than the row lists, all refunded: the row follows the aggregate, not only what it lists", async () => {
    const creator = await registerWalletUser(ctx.commands);
    const input = taskInput({ reward: 5, maxCompletions: 2 });
    const taskId: number = await ctx.commands.execute(new CreateTaskCommand(creator.id, input));
    const strangers = Array.from({ length: MAX_LISTED_STRANGER_ESCROWS + 2 }, () => fundedLog(taskId, Wallet.createRandom().address, input));
    await applyLogs(ctx.commands, taskId, ...strangers);
    expect(await both(taskId)).toEqual({ aggregate: 'anomaly', readTable: 'anomaly' });

    // The unlisted ones first: while a listed one is open, both still see an anomaly.
    await applyLogs(ctx.commands, taskId, ...strangers.slice(MAX_LISTED_STRANGER_ESCROWS).map(strayRefund));
    expect(await both(taskId)).toEqual({ aggregate: 'anomaly', readTable: 'anomaly' });
    await applyLogs(ctx.commands, taskId, ...strangers.slice(0, MAX_LISTED_STRANGER_ESCROWS).map(strayRefund));
    expect(await both(taskId)).toEqual({ aggregate: 'awaiting_funding', readTable: 'awaiting_funding' });

    await applyLogs(ctx.commands, taskId, fundedLog(taskId, creator.wallet, input));
    expect(await both(taskId)).toEqual({ aggregate: 'funded', readTable: 'funded' });
  });
});
