import { INestApplication } from '@nestjs/common';
import { startTestApp } from './test-app';

export type Replica = Awaited<ReturnType<typeof startTestApp>> & { url: string };

/** A backend replica listening on a real port (several on one database act like a load-balanced fleet). */
export async function startReplica(env: Record<string, string>, databaseUrl?: string): Promise<Replica> {
  const ctx = await startTestApp(env, databaseUrl);
  await (ctx.app as INestApplication).listen(0, '127.0.0.1');
  const address = ctx.http.address() as { port: number };
  return { ...ctx, url: `http://127.0.0.1:${address.port}` };
}
