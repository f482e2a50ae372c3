import type { RequestHandler } from 'express';

export const UNSTORABLE_TEXT = 'Text fields must not contain a NUL character (\\u0000) or an unpaired surrogate (invalid Unicode)';

/**
 * One rule for every text of every JSON body and query string, before any route runs: PostgreSQL cannot store
 * a NUL character or an unpaired UTF-16 surrogate in text or jsonb, nor compare one with a column, so such a
 * string would only fail later, deep in a command or a query (as a 500, and, before the group commit isolated
 * it, for the whole batch it was written in). Keys are checked like values: they end up in jsonb too.
 */
export const refuseUnstorableText: RequestHandler = (req, res, next) => {
  if ((req.body !== undefined && !storable(req.body)) || nulInQuery(req.url)) {
    res.status(400).json({ message: UNSTORABLE_TEXT });
    return;
  }
  next();
};

/**
 * A query string is checked as it came, not parsed: Express 5 parses `req.query` anew on every read, and this runs
 * for every request. A NUL can only come percent-encoded (`%00`; a raw one ends the request line), and a decoded
 * query holds no unpaired surrogate (undecodable bytes stay as they are, or become U+FFFD).
 */
function nulInQuery(url: string): boolean {
  const query = url.indexOf('?');
  return query !== -1 && url.includes('%00', query);
}

/** A NUL, or a high surrogate not followed by a low one, or a low one not preceded by a high one. */
// eslint-disable-next-line no-control-regex -- matching NUL (which PostgreSQL text refuses) is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Walks the parsed body with an explicit stack: deeply nested JSON cannot overflow the call stack. */
function storable(body: unknown): boolean {
  const stack: unknown[] = [body];
  while (stack.length) {
    const value = stack.pop();
    if (typeof value === 'string') {
      if (UNSTORABLE.test(value)) return false;
    } else if (value !== null && typeof value === 'object') {
      for (const [key, v] of Object.entries(value)) stack.push(key, v);
    }
  }
  return true;
}
