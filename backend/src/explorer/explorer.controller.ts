import { CanActivate, Controller, Get, Inject, Injectable, NotFoundException, Param, Query, UseGuards } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { RateLimit } from '../auth/rate-limit';
import { DeploymentVerificationService } from './deployment-verification.service';
import { ExplorerService, parseAddress, parseBlockNumber, parseTxHash } from './explorer.service';
import {
  ContractSourceView, DeploymentVerificationView, ExplorerAddressView, ExplorerBlockView, ExplorerLatestView, ExplorerTokenView, ExplorerTxView, TransferPage,
} from './explorer.views';

/** With EXPLORER_URL configured the app links to that explorer, and this one does not exist (404). */
@Injectable()
export class BuiltInExplorerGuard implements CanActivate {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  canActivate(): boolean {
    if (!this.config.builtInExplorer) throw new NotFoundException('Not found');
    return true;
  }
}

const BEFORE = { name: 'before', required: false, description: 'Cursor "block:logIndex" from the previous page\'s `next` (older transfers)' };

@ApiTags('explorer')
@Controller('api/explorer')
@RateLimit('explorer')
@ApiNotFoundResponse({ description: 'Unknown on this chain, or the built-in explorer is off (EXPLORER_URL set)' })
@ApiServiceUnavailableResponse({ description: 'The chain did not answer in time (Retry-After)' })
// Nearest the class, so it runs before the rate limit: with the explorer off nothing is counted.
@UseGuards(BuiltInExplorerGuard)
export class ExplorerController {
  constructor(
    private readonly explorer: ExplorerService,
    private readonly verification: DeploymentVerificationService,
  ) {}

  @Get('latest')
  @ApiOperation({ summary: 'The chain head, the latest blocks and the CENT / TaskEscrow addresses' })
  @ApiOkResponse({ type: ExplorerLatestView })
  latest() {
    return this.explorer.latest();
  }

  @Get('tx/:hash')
  @ApiOperation({ summary: 'A transaction with its receipt; CENT and TaskEscrow calls and events decoded' })
  @ApiOkResponse({ type: ExplorerTxView })
  tx(@Param('hash') hash: string) {
    return this.explorer.transaction(parseTxHash(hash));
  }

  @Get('block/:number')
  @ApiOperation({ summary: 'A block and its first 100 transactions' })
  @ApiOkResponse({ type: ExplorerBlockView })
  block(@Param('number') number: string) {
    return this.explorer.block(parseBlockNumber(number));
  }

  @Get('address/:address')
  @ApiOperation({ summary: 'An address: kind (CENT, TaskEscrow, contract, account), CENT and native balances, recorded source' })
  @ApiOkResponse({ type: ExplorerAddressView })
  address(@Param('address') address: string) {
    return this.explorer.address(parseAddress(address));
  }

  @Get('address/:address/transfers')
  @ApiOperation({ summary: "A page of an address's CENT transfers, newest first (bounded block windows; follow `next`)" })
  @ApiQuery(BEFORE)
  @ApiOkResponse({ type: TransferPage })
  addressTransfers(@Param('address') address: string, @Query('before') before?: string) {
    return this.explorer.transfers(parseAddress(address), before);
  }

  @Get('address/:address/source')
  @ApiOperation({ summary: "A contract's source as the deployment recorded it (compiler, settings, standard-JSON input)" })
  @ApiOkResponse({ type: ContractSourceView })
  source(@Param('address') address: string) {
    return this.explorer.source(parseAddress(address));
  }

  @Get('token/:address')
  @ApiOperation({ summary: 'The CENT token: name, symbol, decimals, total supply' })
  @ApiOkResponse({ type: ExplorerTokenView })
  token(@Param('address') address: string) {
    return this.explorer.tokenInfo(parseAddress(address));
  }

  @Get('token/:address/transfers')
  @ApiOperation({ summary: 'A page of all CENT transfers, newest first (bounded block windows; follow `next`)' })
  @ApiQuery(BEFORE)
  @ApiOkResponse({ type: TransferPage })
  async tokenTransfers(@Param('address') address: string, @Query('before') before?: string) {
    await this.explorer.tokenInfo(parseAddress(address));
    return this.explorer.transfers(null, before);
  }

  @Get('verification')
  @ApiOperation({
    summary: 'The result of `npm run verify-deployment` run by this server: the recorded source recompiled and compared with the code on chain',
    description: 'state "checking" while it runs (ask again), "done" with match / mismatch, "unavailable" with why it could not check.',
  })
  @ApiOkResponse({ type: DeploymentVerificationView })
  verify() {
    return this.verification.status();
  }
}
