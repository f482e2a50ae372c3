import { Module } from '@nestjs/common';
import { DeploymentVerificationService } from './deployment-verification.service';
import { BuiltInExplorerGuard, ExplorerController } from './explorer.controller';
import { ExplorerService } from './explorer.service';

/** The built-in read-only block explorer (GET /api/explorer/...), on when no EXPLORER_URL is configured. */
@Module({
  controllers: [ExplorerController],
  providers: [ExplorerService, DeploymentVerificationService, BuiltInExplorerGuard],
})
export class ExplorerModule {}
