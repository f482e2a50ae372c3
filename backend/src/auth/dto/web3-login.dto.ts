import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches, MaxLength } from 'class-validator';
import { WALLET_ADDRESS_PATTERN } from '../../common/wallet-address';

/** Spec part 1 §3 "Wallet-auth payload": walletAddress, signature, message (all strings). */
export class Web3LoginDto {
  @ApiProperty({ description: 'The wallet that signed `message`', example: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', pattern: WALLET_ADDRESS_PATTERN.source })
  @IsString()
  @Matches(WALLET_ADDRESS_PATTERN, { message: 'Invalid wallet address' })
  walletAddress!: string;

  @ApiProperty({ description: 'personal_sign signature of `message` (65 bytes, hex)', pattern: '^0x[0-9a-fA-F]{130}$' })
  @IsString()
  @Matches(/^0x[0-9a-fA-F]{130}$/, { message: 'Invalid signature' })
  signature!: string;

  @ApiProperty({ description: 'The EIP-4361 message from GET /api/auth/challenge, unchanged', maxLength: 4096 })
  @IsString()
  @MaxLength(4096)
  message!: string;
}
