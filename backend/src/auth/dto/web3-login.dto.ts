import { IsString, Matches, MaxLength } from 'class-validator';

/** Spec part 1 §3 "Wallet-auth payload": walletAddress, signature, message (all strings). */
export class Web3LoginDto {
  @IsString()
  @Matches(/^0x[0-9a-fA-F]{40}$/, { message: 'Invalid wallet address' })
  walletAddress!: string;

  @IsString()
  @Matches(/^0x[0-9a-fA-F]{130}$/, { message: 'Invalid signature' })
  signature!: string;

  @IsString()
  @MaxLength(4096)
  message!: string;
}
