import request from 'supertest';
import { actor } from '../../test/api/api-actors';
import { startTestApp } from '../../test/test-app';
import { DomainError } from '../common/domain-error';
import { MAX_STORABLE_MS } from '../common/dates';
import { CreateTaskFields, decideCreate } from './domain/task-lifecycle';
import { deadlineSeconds, reviewTimes } from './domain/task-escrow-terms';
import { CREATE_TASK_MESSAGES as M, LIMITS } from './domain/task.constants';

const DAY = 24 * 3600 * 1000;
const YEAR = LIMITS.deadlineAheadSeconds * 1000;

function body(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Bounded', description: 'd', requirements: 'r', category: 'Other', submissionType: 'text', reward: 10,
    maxCompletions: 2, estimatedTime: 10, deadline: new Date(Date.now() + 3 * DAY).toISOString(), isActive: true, ...overrides,
  };
}

/**
 * Every value of a new task is bounded at the edge (POST /api/tasks, 400 with the field's message) and again
 * in the aggregate (decideCreate), and every date derived from a stored deadline stays storable and printable.
 */
describe('task creation bounds', () => {
  describe('POST /api/tasks', () => {
    let ctx: Awaited<ReturnType<typeof startTestApp>>;
    let cookie: string;
    beforeAll(async () => {
      ctx = await startTestApp();
      cookie = (await actor(ctx)).cookie;
    });
    afterAll(() => ctx.close());

    const post = (overrides: Record<string, unknown>) => request(ctx.http).post('/api/tasks').set('Cookie', cookie).send(body(overrides));

    it('refuses deadline 9999-12-30 (a valid date) with a clear 400, and the product keeps answering', async () => {
      const res = await post({ deadline: '9999-12-30' }).expect(400);
      expect(res.body.message).toBe('Deadline must be at most one year (365 days) ahead');
      expect(res.body.errors).toEqual(['Deadline must be at most one year (365 days) ahead']);
      await post({}).expect(201);
    });

    const text = (n: number) => 'x'.repeat(n);
    it.each([
      ['reward', 0, 400, M.rewardInvalid], ['reward', 1, 201, null], ['reward', 100_000, 201, null], ['reward', 100_001, 400, M.rewardMax],
      ['reward', 2 ** 31 - 1, 400, M.rewardMax], ['reward', 2 ** 31, 400, M.rewardMax], ['reward', 2 ** 53, 400, M.rewardMax], ['reward', -1, 400, M.rewardInvalid],
      ['maxCompletions', 0, 400, M.maxCompletionsInvalid], ['maxCompletions', 1, 201, null], ['maxCompletions', 100, 201, null],
      ['maxCompletions', 101, 400, M.maxCompletionsMax], ['maxCompletions', 2 ** 32, 400, M.maxCompletionsMax],
      ['estimatedTime', 0, 400, M.estimatedTimeInvalid], ['estimatedTime', 1, 201, null], ['estimatedTime', 480, 201, null],
      ['estimatedTime', 481, 400, M.estimatedTimeMax], ['estimatedTime', 2 ** 31, 400, M.estimatedTimeMax],
      ['title', text(0), 400, M.titleRequired], ['title', text(1), 201, null], ['title', text(300), 201, null], ['title', text(301), 400, M.titleTooLong],
      ['description', text(0), 400, M.descriptionRequired], ['description', text(1), 201, null], ['description', text(10_000), 201, null],
      ['description', text(10_001), 400, M.descriptionTooLong],
      ['requirements', text(0), 400, M.requirementsRequired], ['requirements', text(1), 201, null], ['requirements', text(10_000), 201, null],
      ['requirements', text(10_001), 400, M.requirementsTooLong],
    ].map(([field, value, status, message]) => [field, typeof value === 'string' ? `${value.length} characters` : value, status, message, value]))(
      '%s = %s answers %s', async (field, _label, status, message, value) => {
      const res = await post({ [field as string]: value }).expect(status as number);
      if (message) expect(res.body.message).toBe(message);
      else expect(res.body[field as string]).toBe(value);
    });

    it.each([
      ['now', () => new Date().toISOString(), M.deadlinePast],
      ['now + 1 year + 1 s', () => new Date(Date.now() + YEAR + 1000).toISOString(), M.deadlineTooFar],
      ['9999-12-31T23:59:59Z', () => '9999-12-31T23:59:59Z', M.deadlineTooFar],
      ['year 10000', () => '+010000-01-01T00:00:00Z', M.deadlineRequired],
      ['year 275760 (the last JavaScript date)', () => '+275760-09-13T00:00:00Z', M.deadlineRequired],
      ['2027-02-30 (no such day)', () => '2027-02-30', M.deadlineRequired],
      ['2027-13-01', () => '2027-13-01', M.deadlineRequired],
      ['12345 (a number)', () => 12345, M.deadlineRequired],
      ['"12345" (a year as text)', () => '12345', M.deadlineRequired],
      ['empty', () => '', M.deadlineRequired],
      ['null', () => null, M.deadlineRequired],
    ])('deadline %s is refused', async (_label, value, message) => {
      const res = await post({ deadline: value() }).expect(400);
      expect(res.body.message).toBe(message);
    });

    it('accepts a deadline just ahead and exactly one year ahead (whole seconds kept)', async () => {
      const soon = new Date(Date.now() + 5000);
      expect((await post({ deadline: soon.toISOString() }).expect(201)).body.deadline).toBe(new Date(Math.floor(soon.getTime() / 1000) * 1000).toISOString());
      const year = new Date(Date.now() + YEAR);
      const res = await post({ deadline: year.toISOString() }).expect(201);
      expect(res.body.deadline).toBe(new Date(Math.floor(year.getTime() / 1000) * 1000).toISOString());
      expect(res.body.funding.refundableAt).toBe(new Date(Math.floor(year.getTime() / 1000) * 1000 + 7 * DAY + 1000).toISOString());
      const day = new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10);
      expect((await post({ deadline: day }).expect(201)).body.deadline).toBe(`${day}T00:00:00.000Z`);
    });
  });

  describe('decideCreate (the aggregate, whatever the edge let through)', () => {
    const now = new Date('2026-06-01T12:00:00.000Z');
    const fields = (overrides: Partial<CreateTaskFields> = {}): CreateTaskFields => ({
      creatorId: 1, title: 't', description: 'd', requirements: 'r', category: 'Other', reward: 1, maxCompletions: 1, estimatedTime: 1,
      deadline: new Date(now.getTime() + DAY).toISOString(), submissionType: 'text', isActive: true, chainId: 31337, contractAddress: null,
      reviewWindowSeconds: 7 * 24 * 3600, reviewCloseMarginSeconds: 3600, ...overrides,
    });
    const refusal = (overrides: Partial<CreateTaskFields>) => {
      try {
        decideCreate(false, 1, fields(overrides), now);
      } catch (err) {
        expect(err).toBeInstanceOf(DomainError);
        expect((err as DomainError).status).toBe(400);
        return (err as DomainError).message;
      }
      return null;
    };

    const rows: Array<[Partial<CreateTaskFields>, string]> = [
      [{ reward: 0 }, M.rewardInvalid], [{ reward: 100_001 }, M.rewardMax], [{ reward: 1.5 }, M.rewardInvalid], [{ reward: Number.NaN }, M.rewardInvalid],
      [{ reward: 2 ** 31 }, M.rewardMax], [{ maxCompletions: 0 }, M.maxCompletionsInvalid], [{ maxCompletions: 101 }, M.maxCompletionsMax],
      [{ estimatedTime: 0 }, M.estimatedTimeInvalid], [{ estimatedTime: 481 }, M.estimatedTimeMax],
      [{ title: '' }, M.titleRequired], [{ title: 'x'.repeat(301) }, M.titleTooLong], [{ description: 'x'.repeat(10_001) }, M.descriptionTooLong],
      [{ requirements: ' ' }, M.requirementsRequired], [{ category: 'Cooking' }, M.categoryInvalid],
      [{ submissionType: 'video' as never }, M.submissionTypeInvalid],
      [{ deadline: now.toISOString() }, M.deadlinePast],
      [{ deadline: new Date(now.getTime() + YEAR + 1000).toISOString() }, M.deadlineTooFar],
      [{ deadline: '9999-12-31T23:59:59.000Z' }, M.deadlineTooFar],
      [{ deadline: 'not a date' }, M.deadlineRequired],
      [{ reviewWindowSeconds: -1 }, M.reviewWindowInvalid],
      [{ reviewWindowSeconds: LIMITS.reviewWindowSeconds.max + 1 }, M.reviewWindowInvalid],
      [{ reviewCloseMarginSeconds: 7 * 24 * 3600 + 1 }, M.reviewWindowInvalid],
    ];
    it.each(rows.map(([o, m]) => [JSON.stringify(o).slice(0, 60), o, m] as const))('refuses %s', (_label, overrides, message) => {
      expect(refusal(overrides)).toBe(message);
    });

    it('refuses 2^k - 1 and 2^k of every width past the bound for each count field, and every negative', () => {
      const fieldsAndMax = [['reward', M.rewardMax, 100_000], ['maxCompletions', M.maxCompletionsMax, 100], ['estimatedTime', M.estimatedTimeMax, 480]] as const;
      for (const [field, tooBig, max] of fieldsAndMax) {
        for (const k of [7, 8, 16, 17, 31, 32, 53, 63, 64, 128, 256]) {
          for (const v of [2 ** k - 1, 2 ** k]) {
            expect([field, v, refusal({ [field]: v })]).toEqual([field, v, v > max ? tooBig : null]);
            expect(refusal({ [field]: -v })).not.toBeNull();
          }
        }
      }
    });

    it('accepts every field at its bounds', () => {
      expect(refusal({ reward: 100_000, maxCompletions: 100, estimatedTime: 480, title: 'x'.repeat(300), description: 'x'.repeat(10_000) })).toBeNull();
      expect(refusal({ deadline: new Date(now.getTime() + 1000).toISOString() })).toBeNull();
      expect(refusal({ deadline: new Date(now.getTime() + YEAR).toISOString() })).toBeNull();
    });
  });

  describe('reviewTimes: derived dates stay storable (PostgreSQL) and printable (JavaScript) whatever the deadline', () => {
    const WEEK = 7 * 24 * 3600;
    it.each([
      ['9999-12-30', deadlineSeconds('9999-12-30T00:00:00Z')],
      ['9999-12-31T23:59:59Z', deadlineSeconds('9999-12-31T23:59:59Z')],
      ['uint64 max', 2n ** 64n - 1n],
      ['2^63', 2n ** 63n],
      ['year 275760', 8_640_000_000_000n],
    ])('deadline %s', (_label, deadline) => {
      const { reviewUntil, refundableAt } = reviewTimes(deadline, WEEK, 3600);
      for (const d of [reviewUntil, refundableAt]) {
        expect(Number.isNaN(d.getTime())).toBe(false);
        expect(d.getTime()).toBeLessThanOrEqual(MAX_STORABLE_MS);
        expect(d.toISOString()).toMatch(/^\d{4}-/); // four-digit year: PostgreSQL reads it
      }
    });

    it('is exact inside the range; far before it clamps to year 1', () => {
      const deadline = deadlineSeconds('2027-01-01T00:00:00Z');
      expect(reviewTimes(deadline, WEEK, 3600)).toEqual({
        reviewUntil: new Date('2027-01-07T23:00:00.000Z'),
        refundableAt: new Date('2027-01-08T00:00:01.000Z'),
      });
      expect(reviewTimes(0n, 0, 0).refundableAt.toISOString()).toBe('1970-01-01T00:00:01.000Z');
      expect(reviewTimes(1n, 0, 3600).reviewUntil.toISOString()).toBe('1969-12-31T23:00:01.000Z');
      expect(reviewTimes(-(2n ** 63n), 0, 0).reviewUntil.toISOString()).toBe('0001-01-01T00:00:00.000Z');
    });
  });
});
