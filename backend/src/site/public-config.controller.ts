import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { APP_CONFIG, AppConfig } from '../config/app-config';

class NativeCurrencyView {
  @ApiProperty() name!: string;
  @ApiProperty() symbol!: string;
  @ApiProperty() decimals!: number;
}

class LinksView {
  @ApiProperty() chart!: string;
  @ApiProperty() buy!: string;
  @ApiProperty() social!: string;
  @ApiProperty() chat!: string;
  @ApiProperty() whitepaper!: string;
  @ApiProperty({ description: "A wallet app's in-app browser link; the site's host is appended" }) walletDeepLink!: string;
}

export class PublicConfigView {
  @ApiProperty({ example: 31337 }) chainId!: number;
  @ApiProperty({ example: '0x7a69' }) chainIdHex!: string;
  @ApiProperty() chainName!: string;
  @ApiProperty({ description: 'The RPC a wallet adds for this chain' }) rpcUrl!: string;
  @ApiProperty({ type: NativeCurrencyView }) nativeCurrency!: NativeCurrencyView;
  @ApiProperty({ description: 'EXPLORER_URL, else the built-in explorer under this site (<PUBLIC_ORIGIN>/explorer)' }) explorerUrl!: string;
  @ApiProperty({ example: { address: '0x…', symbol: 'CENT', decimals: 18 } })
  token!: { address: string | null; symbol: 'CENT'; decimals: 18 };
  @ApiPropertyOptional({ type: String, nullable: true }) escrowAddress!: string | null;
  @ApiPropertyOptional({ type: Number, nullable: true, description: "The escrow's first block: where reading its logs starts" })
  escrowDeploymentBlock!: number | null;
  @ApiProperty({ type: LinksView }) links!: LinksView;
}

/** Builds the browser app's view of this deployment (one build runs against any deployment). */
export function publicConfig(c: AppConfig): PublicConfigView {
  return {
    chainId: c.CHAIN_ID,
    chainIdHex: `0x${c.CHAIN_ID.toString(16)}`,
    chainName: c.CHAIN_NAME ?? (c.CHAIN_ID === 31337 ? 'CENT local chain' : `Chain ${c.CHAIN_ID}`),
    rpcUrl: c.PUBLIC_RPC_URL ?? c.RPC_URL,
    nativeCurrency: { name: c.NATIVE_CURRENCY_NAME, symbol: c.NATIVE_CURRENCY_SYMBOL, decimals: c.NATIVE_CURRENCY_DECIMALS },
    explorerUrl: c.explorerUrl,
    token: { address: c.TOKEN_ADDRESS ?? null, symbol: 'CENT', decimals: 18 },
    escrowAddress: c.ESCROW_ADDRESS ?? null,
    escrowDeploymentBlock: c.ESCROW_DEPLOYMENT_BLOCK ?? null,
    links: {
      chart: c.CHART_URL,
      buy: c.BUY_URL,
      social: c.SOCIAL_URL,
      chat: c.CHAT_URL,
      whitepaper: c.WHITEPAPER_URL,
      walletDeepLink: c.WALLET_DEEP_LINK,
    },
  };
}

@ApiTags('site')
@Controller('api/config')
export class PublicConfigController {
  private readonly view: PublicConfigView;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.view = publicConfig(config);
  }

  @Get()
  @ApiOperation({ summary: "The deployment's public settings for the browser app (chain, contracts, explorer, links)" })
  @ApiOkResponse({ type: PublicConfigView })
  get(): PublicConfigView {
    return this.view;
  }
}
