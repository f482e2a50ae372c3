import { ArgumentMetadata, BadRequestException } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString } from 'class-validator';
import { apiValidationPipe } from './validation-pipe';

/** A query DTO like the task list's. */
class ListTasksQuery {
  @IsOptional()
  @IsString()
  search?: string;

  @IsOptional()
  @IsIn(['newest', 'oldest', 'reward-high'])
  sort?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  minReward?: number;
}

describe('the global validation pipe on query DTOs', () => {
  const asQuery: ArgumentMetadata = { type: 'query', metatype: ListTasksQuery, data: undefined };

  it('gives a repeated query the DTO it validated before, frozen; another query its own', async () => {
    const pipe = apiValidationPipe();
    const first = (await pipe.transform({ sort: 'reward-high', minReward: '50', extra: 'dropped' }, asQuery)) as ListTasksQuery;
    expect(first).toBeInstanceOf(ListTasksQuery);
    expect({ ...first }).toEqual({ sort: 'reward-high', minReward: 50 });
    expect(Object.isFrozen(first)).toBe(true);
    expect(() => {
      'use strict';
      (first as { sort: string }).sort = 'oldest';
    }).toThrow(TypeError);
    expect(await pipe.transform({ sort: 'reward-high', minReward: '50', extra: 'dropped' }, asQuery)).toBe(first);
    const other = await pipe.transform({ sort: 'reward-high', minReward: '51' }, asQuery);
    expect(other).not.toBe(first);
    expect({ ...(other as object) }).toEqual({ sort: 'reward-high', minReward: 51 });
  });

  it('refuses a bad query every time it comes (a refusal is not remembered)', async () => {
    const pipe = apiValidationPipe();
    for (let i = 0; i < 2; i++) {
      await expect(pipe.transform({ sort: 'sideways' }, asQuery)).rejects.toBeInstanceOf(BadRequestException);
    }
  });

  it('remembers the last 1000 short queries only, and validates bodies and single query values as before', async () => {
    const pipe = apiValidationPipe();
    const oldest = await pipe.transform({ search: 'q0' }, asQuery);
    for (let i = 1; i <= 1000; i++) await pipe.transform({ search: `q${i}` }, asQuery);
    const again = await pipe.transform({ search: 'q0' }, asQuery);
    expect(again).not.toBe(oldest);
    expect({ ...(again as object) }).toEqual({ ...(oldest as object) });
    // A query padded with junk (stripped, not refused) is validated every time rather than kept.
    const padded = { sort: 'oldest', junk: 'x'.repeat(2000) };
    const once = await pipe.transform(padded, asQuery);
    expect({ ...(once as object) }).toEqual({ sort: 'oldest' });
    expect(await pipe.transform(padded, asQuery)).not.toBe(once);
    const asBody: ArgumentMetadata = { type: 'body', metatype: ListTasksQuery, data: undefined };
    const body = await pipe.transform({ sort: 'oldest' }, asBody);
    expect(Object.isFrozen(body)).toBe(false);
    expect(await pipe.transform({ sort: 'oldest' }, asBody)).not.toBe(body);
  });
});
