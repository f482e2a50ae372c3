import { describe, expect, it } from 'vitest';
import { endOfDay, maxDeadline, taskDefaults, taskSchema, TASK_MESSAGES, toNewTask } from './task-schema';

const NOW = new Date(2026, 10, 23, 10, 0);
const valid = { ...taskDefaults(NOW), title: 'T', description: 'D', requirements: 'R' };
const errorsOf = async (v: object) => {
  try {
    await taskSchema.validate(v, { abortEarly: false });
    return [];
  } catch (e) {
    return (e as { errors: string[] }).errors;
  }
};

describe('Create Task form rules (spec part 1 §5)', () => {
  it('has the spec defaults and a deadline 14 days ahead', () => {
    expect(taskDefaults(NOW)).toEqual({
      title: '', description: '', requirements: '', category: 'Content', submissionType: 'text',
      reward: 50, maxCompletions: 5, estimatedTime: 30, deadline: '2026-12-07', reviewWithinHours: 72, isActive: true,
    });
  });

  it('"Auto-approve after": whole hours from 1 to 720 (30 days), as the server checks (issue 22)', async () => {
    for (const ok of ['1', '72', '720']) expect(await errorsOf({ ...valid, reviewWithinHours: ok })).toEqual([]);
    for (const bad of ['0', '721', '1.5', '', 'soon', '-1', '4294967296']) {
      expect(await errorsOf({ ...valid, reviewWithinHours: bad })).toEqual([TASK_MESSAGES.reviewWithinInvalid]);
    }
  });

  it('requires the text fields', async () => {
    expect(await errorsOf({ ...valid, title: ' ', description: '', requirements: '' })).toEqual([
      TASK_MESSAGES.titleRequired, TASK_MESSAGES.descriptionRequired, TASK_MESSAGES.requirementsRequired,
    ]);
  });

  it('caps reward, completions and time with the spec messages', async () => {
    expect(await errorsOf({ ...valid, reward: '100001' })).toEqual(['Maximum 100,000 CENTS']);
    expect(await errorsOf({ ...valid, maxCompletions: '101' })).toEqual(['Maximum 100 completions']);
    expect(await errorsOf({ ...valid, estimatedTime: '481' })).toEqual(['Maximum 8 hours (480 minutes)']);
    expect(await errorsOf({ ...valid, reward: '100000', maxCompletions: '100', estimatedTime: '480' })).toEqual([]);
  });

  it('coerces numbers from text and refuses what is not a positive whole number', async () => {
    expect(await errorsOf({ ...valid, reward: 'abc' })).toEqual(['Reward must be a number']);
    expect(await errorsOf({ ...valid, reward: '' })).toEqual(['Reward is required']);
    expect(await errorsOf({ ...valid, maxCompletions: '2.5' })).toEqual(['Max completions must be a whole number']);
    expect(await errorsOf({ ...valid, estimatedTime: '0' })).toEqual(['Estimated time must be positive']);
  });

  it('needs a deadline in the future', async () => {
    expect(await errorsOf({ ...valid, deadline: '' })).toEqual([TASK_MESSAGES.deadlineRequired]);
    expect(await errorsOf({ ...valid, deadline: '2020-01-01' })).toEqual([TASK_MESSAGES.deadlineFuture]);
    expect(await errorsOf({ ...valid, deadline: 'soon' })).toEqual([TASK_MESSAGES.deadlineFuture]);
  });

  it('refuses a deadline more than a year ahead, as the server does; the input\'s max day is still accepted', async () => {
    expect(await errorsOf({ ...valid, deadline: '9999-12-30' })).toEqual([TASK_MESSAGES.deadlineTooFar]);
    const now = new Date();
    const twoYears = `${now.getFullYear() + 2}-06-01`;
    expect(await errorsOf({ ...valid, deadline: twoYears })).toEqual([TASK_MESSAGES.deadlineTooFar]);
    expect(await errorsOf({ ...valid, deadline: maxDeadline(now) })).toEqual([]);
    expect(endOfDay(maxDeadline(now)).getTime()).toBeLessThanOrEqual(now.getTime() + 365 * 24 * 3600 * 1000);
  });

  it('sends whole numbers and the end of the chosen day', () => {
    const body = toNewTask({ ...valid, title: '  Title ', reward: '75', deadline: '2026-12-31' });
    expect(body).toMatchObject({ title: 'Title', reward: 75, maxCompletions: 5, estimatedTime: 30, isActive: true });
    expect(body.deadline).toBe(endOfDay('2026-12-31').toISOString());
    expect(endOfDay('2026-12-31').getHours()).toBe(23);
  });
});
