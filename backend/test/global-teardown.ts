import * as fs from 'node:fs';

export default async function globalTeardown(): Promise<void> {
  const handle = (globalThis as { __CENT_PG__?: { db: { stop(): Promise<void> }; dir: string } }).__CENT_PG__;
  if (!handle) return;
  await handle.db.stop();
  fs.rmSync(handle.dir, { recursive: true, force: true });
}
