import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { WALLET_ADDRESS_PATTERN } from '../../common/wallet-address';

/**
 * POST /api/wallet `{ walletAddress }` (spec). Linking a wallet that is not yet on the account also needs
 * proof of control: `signature` and `message` of a challenge from GET /api/auth/challenge?address=...
 * Without it anyone could claim someone else's wallet and sign-in with that wallet would land on their account.
 */
export class LinkWalletDto {
  @IsString()
  @Matches(WALLET_ADDRESS_PATTERN, { message: 'Invalid wallet address' })
  walletAddress!: string;

  @IsOptional()
  @IsString()
  @Matches(/^0x[0-9a-fA-F]{130}$/, { message: 'Invalid signature' })
  signature?: string;

  @IsOptional()
  @IsString()
  @MaxLength(4096)
  message?: string;
}
