/** Operator-only (start-up ADMIN_WALLETS or the CLI); never reachable from the public API. */
export class GrantAdminCommand {
  constructor(readonly userId: number, readonly grantedBy: string) {}
}
