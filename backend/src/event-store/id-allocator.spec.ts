import { startTestDomain, TestContext } from '../../test/test-app';
import { IdAllocator } from './id-allocator';

describe('IdAllocator', () => {
  let ctx: TestContext;
  let other: TestContext;

  beforeAll(async () => {
    ctx = await startTestDomain();
    other = await startTestDomain({}, ctx.databaseUrl); // another process taking ids from the same sequence
  });
  afterAll(async () => {
    await other.close();
    await ctx.close();
  });

  it('never hands out an id twice, across bursts of concurrent callers in two processes', async () => {
    const here = ctx.app.get(IdAllocator);
    const there = other.app.get(IdAllocator);
    const ids: number[] = [];
    for (let round = 0; round < 5; round++) {
      const burst = await Promise.all(Array.from({ length: 150 }, (_, i) => (i % 3 ? here : there).next('submission_id_seq')));
      ids.push(...burst);
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => Number.isInteger(id) && id > 0)).toBe(true);
  });

  it('hands out consecutive increasing ids within one process', async () => {
    const here = ctx.app.get(IdAllocator);
    const first = await here.next('task_id_seq');
    const ids = [first];
    for (let i = 0; i < 40; i++) ids.push(await here.next('task_id_seq'));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
    // Nothing else takes task ids here: one process's ids are consecutive.
    expect(ids[ids.length - 1] - first).toBe(40);
  });
});
