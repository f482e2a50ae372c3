import 'reflect-metadata';
import { grantAdminByRef } from '../auth/operator-grant-admin';
import { openDomainContext } from './domain-context';

/** `npm run grant-admin -w backend -- <userId|walletAddress>`: makes that user admin (same env as the server). */
async function main(): Promise<void> {
  const ref = process.argv[2];
  if (!ref || process.argv.length > 3) throw new Error('usage: npm run grant-admin -w backend -- <userId|walletAddress>');
  const { app, close } = await openDomainContext();
  try {
    const user = await grantAdminByRef(app, ref);
    console.log(`user ${user.id} (${user.username ?? user.walletAddress ?? 'no name'}) is admin`);
  } finally {
    await close();
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
