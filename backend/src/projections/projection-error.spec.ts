import { QueryFailedError } from 'typeorm';
import { codeOf, isEventFault } from './projection-error';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isEventFault: the event\'s fault (set it aside) or the moment\'s (retry)', () => {
  it.each([
    ['22008 datetime field overflow', pgError('22008'), true],
    ['22009 time zone displacement out of range', pgError('22009'), true],
    ['22003 numeric value out of range', pgError('22003'), true],
    ['22P02 invalid text representation', pgError('22P02'), true],
    ['23505 unique violation', pgError('23505'), true],
    ['23502 not null violation', pgError('23502'), true],
    ['54000 program limit exceeded', pgError('54000'), true],
    ['the projection\'s code throwing (TypeError)', new TypeError("Cannot read properties of undefined (reading 'x')"), true],
    ['the projection\'s code throwing (RangeError)', new RangeError('Invalid time value'), true],
    ['TypeORM QueryFailedError wrapping 22008', new QueryFailedError('INSERT', [], pgError('22008')), true],
    ['40001 serialization failure', pgError('40001'), false],
    ['40P01 deadlock', pgError('40P01'), false],
    ['55P03 lock not available (lock timeout)', pgError('55P03'), false],
    ['57014 statement timeout', pgError('57014'), false],
    ['57P01 admin shutdown', pgError('57P01'), false],
    ['08006 connection failure', pgError('08006'), false],
    ['53300 too many connections', pgError('53300'), false],
    ['42P01 undefined table (a schema the code does not match)', pgError('42P01'), false],
    ['ECONNRESET', pgError('ECONNRESET', 'read ECONNRESET'), false],
    ['pg: Connection terminated unexpectedly', new Error('Connection terminated unexpectedly'), false],
    ['pg: Client has encountered a connection error and is not queryable', new Error('Client has encountered a connection error and is not queryable'), false],
    ['pool: timeout exceeded when trying to connect', new Error('timeout exceeded when trying to connect'), false],
  ])('%s → %s', (_label, err, expected) => {
    expect(isEventFault(err)).toBe(expected);
  });

  it('reads the code of pg errors and of TypeORM\'s wrapper; none for plain errors', () => {
    expect(codeOf(pgError('23505'))).toBe('23505');
    expect(codeOf(new QueryFailedError('q', [], pgError('22003')))).toBe('22003');
    expect(codeOf(new Error('plain'))).toBeNull();
    expect(codeOf(null)).toBeNull();
  });
});
