import type { Request, Response } from 'express';
import { SESSION_COOKIE } from './session';

const promisify = (fn: (cb: (err?: unknown) => void) => void) =>
  new Promise<void>((resolve, reject) => fn((err) => (err ? reject(err) : resolve())));

/**
 * Signs `userId` in on a NEW session id (the old session row is destroyed first), so an id planted in the
 * browser before sign-in (session fixation) is worthless afterwards. Saved before answering, so the
 * client's very next request finds it on any replica.
 */
export async function startUserSession(req: Request, userId: number): Promise<void> {
  await promisify((cb) => req.session.regenerate(cb));
  req.session.userId = userId;
  await promisify((cb) => req.session.save(cb));
}

/** Deletes the session row server-side (the old cookie then selects nothing) and clears the cookie. */
export async function endUserSession(req: Request, res: Response): Promise<void> {
  await promisify((cb) => req.session.destroy(cb));
  const { httpOnly, sameSite, secure, path } = req.session?.cookie ?? {};
  res.clearCookie(SESSION_COOKIE, { httpOnly: httpOnly ?? true, sameSite: sameSite ?? 'lax', secure: !!secure, path: path ?? '/' });
}
