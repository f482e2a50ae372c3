import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';

/**
 * POST /api/wallet `{ walletAddress }` (spec). Linking a wallet that is not yet on the account also needs
 * proof of control: `signature` and `message` of a challenge from GET /api/auth/challenge?address=...
 * Without it anyone could claim someone else's wallet and sign-in with that wallet would land on their account.
 */
export class LinkWalletDto {
  @IsString()
  @Matches(/^0x[0-9a-fA-F]{40}$/, { message: 'Invalid wallet address' })
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
