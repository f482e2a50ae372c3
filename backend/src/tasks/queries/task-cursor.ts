import { badRequest } from '../../common/domain-error';
import { TaskSort } from '../dto/list-tasks.query';

/** Each sort is a keyset order on (key, id), both in the same direction, so a page boundary is one row comparison. */
export const SORT_ORDER: Record<TaskSort, { column: string; desc: boolean; kind: 'int' | 'time' }> = {
  newest: { column: 'created_at', desc: true, kind: 'time' },
  oldest: { column: 'created_at', desc: false, kind: 'time' },
  'reward-high': { column: 'reward', desc: true, kind: 'int' },
  'reward-low': { column: 'reward', desc: false, kind: 'int' },
  deadline: { column: 'deadline', desc: false, kind: 'time' },
};

export interface CursorPosition {
  key: number | string;
  id: number;
}

export const INVALID_CURSOR = 'Invalid cursor';

/** Opaque to clients: base64url of the last row's sort key and id, tagged with the sort it belongs to. */
export function encodeCursor(sort: TaskSort, pos: CursorPosition): string {
  return Buffer.from(JSON.stringify([sort, pos.key, pos.id])).toString('base64url');
}

export function decodeCursor(sort: TaskSort, cursor: string): CursorPosition {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(INVALID_CURSOR);
  }
  if (!Array.isArray(parsed) || parsed.length !== 3 || parsed[0] !== sort) throw badRequest(INVALID_CURSOR);
  const [, key, id] = parsed as [string, unknown, unknown];
  if (!Number.isSafeInteger(id) || (id as number) < 0) throw badRequest(INVALID_CURSOR);
  const kind = SORT_ORDER[sort].kind;
  if (kind === 'int' && !Number.isSafeInteger(key)) throw badRequest(INVALID_CURSOR);
  if (kind === 'time' && (typeof key !== 'string' || Number.isNaN(Date.parse(key)))) throw badRequest(INVALID_CURSOR);
  return { key: key as number | string, id: id as number };
}
