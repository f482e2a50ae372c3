import { PipeTransform } from '@nestjs/common';
import { badRequest } from './domain-error';
import { MAX_RECORD_ID } from './record-id';

/**
 * A positive integer id from the path, at most MAX_RECORD_ID; anything else is a 400 (never a database error).
 * `@Param('id', IdPipe)` or, to name the id in the message, `new IdPipe('Invalid submission id')`. Not
 * `@Injectable`: it has nothing to inject, and Nest would then take the message parameter for a dependency.
 */
export class IdPipe implements PipeTransform<string, number> {
  constructor(private readonly message = 'Invalid id') {}

  transform(value: string): number {
    if (!/^[1-9][0-9]{0,9}$/.test(value) || Number(value) > MAX_RECORD_ID) throw badRequest(this.message);
    return Number(value);
  }
}
