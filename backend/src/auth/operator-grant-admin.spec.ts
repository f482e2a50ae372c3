import { startTestDomain } from '../../test/test-app';
import { registerWalletUser } from '../../test/fixtures';
import { grantAdminByRef } from './operator-grant-admin';

describe('grant-admin (operator CLI)', () => {
  it('grants admin by user id or by wallet (any case), idempotently; unknown refs are refused', async () => {
    const ctx = await startTestDomain();
    try {
      const a = await registerWalletUser(ctx.commands);
      const b = await registerWalletUser(ctx.commands);
      expect((await grantAdminByRef(ctx.app, String(a.id))).isAdmin).toBe(true);
      expect((await grantAdminByRef(ctx.app, b.wallet.toLowerCase())).isAdmin).toBe(true);
      expect((await grantAdminByRef(ctx.app, String(a.id))).isAdmin).toBe(true);
      await expect(grantAdminByRef(ctx.app, '999999')).rejects.toThrow('No user 999999');
      await expect(grantAdminByRef(ctx.app, '0x' + '12'.repeat(20))).rejects.toThrow(/No user/);
      await expect(grantAdminByRef(ctx.app, 'alice')).rejects.toThrow(/Not a user id or wallet/);
    } finally {
      await ctx.close();
    }
  });
});
