import { IsString, Matches, MaxLength } from 'class-validator';
import { WALLET_ADDRESS_PATTERN } from '../../common/wallet-address';

/** Spec part 1 §3 "Wallet-auth payload": walletAddress, signature, message (all strings). */
export class Web3LoginDto {
  @IsString()
  @Matches(WALLET_ADDRESS_PATTERN, { message: 'Invalid wallet address' })
  walletAddress!: string;

  @IsString()
  @Matches(/^0x[0-9a-fA-F]{130}$/, { message: 'Invalid signature' })
  signature!: string;

  @IsString()
  @MaxLength(4096)
  message!: string;
}
