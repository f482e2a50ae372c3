import { Injectable, PipeTransform } from '@nestjs/common';
import { badRequest } from '../common/domain-error';

/** A positive integer id from the path; anything else is a 400 (never a database error). */
@Injectable()
export class IdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    if (!/^[1-9][0-9]{0,9}$/.test(value) || Number(value) > 2_147_483_647) throw badRequest('Invalid id');
    return Number(value);
  }
}
