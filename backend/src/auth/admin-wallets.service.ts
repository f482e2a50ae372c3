import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { ProjectionRunner } from '../projections/projection-runner';
import { GrantAdminCommand } from '../users/commands/grant-admin.command';
import { UsersReadRepository } from '../users/users.read-repository';

/**
 * The operator's list of admin wallets (ADMIN_WALLETS): applied to existing users at start and to a
 * listed wallet when it first signs in or is linked. Admin is never granted through the public API
 * (the other way is the CLI, src/cli/grant-admin.ts). Removing a wallet from the list revokes nothing.
 */
@Injectable()
export class AdminWalletsService implements OnApplicationBootstrap {
  private readonly logger = new Logger('AdminWallets');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly commands: CommandBus,
    private readonly users: UsersReadRepository,
    private readonly projections: ProjectionRunner,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.ADMIN_WALLETS.length) return;
    // Commands wait for the read models; make sure the runner is going (start() is idempotent).
    this.projections.start();
    for (const wallet of this.config.ADMIN_WALLETS) {
      const userId = await this.users.userIdByWallet(wallet);
      if (userId !== null) await this.grant(userId);
    }
  }

  isListed(wallet: string | null): boolean {
    return !!wallet && this.config.ADMIN_WALLETS.includes(wallet.toLowerCase());
  }

  /** Grants admin when `wallet` is listed (idempotent: an admin stays as is). */
  async applyTo(userId: number, wallet: string | null): Promise<void> {
    if (this.isListed(wallet)) await this.grant(userId);
  }

  private async grant(userId: number): Promise<void> {
    await this.commands.execute(new GrantAdminCommand(userId, 'ADMIN_WALLETS'));
    this.logger.log(`user ${userId} is admin (ADMIN_WALLETS)`);
  }
}
