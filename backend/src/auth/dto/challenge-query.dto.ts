import { ApiPropertyOptional } from '@nestjs/swagger';
import { WALLET_ADDRESS_PATTERN } from '../../common/wallet-address';
import { IsOptional, IsString, MaxLength } from 'class-validator';

/** `?address=` binds the challenge to the wallet that will sign it (the message must name an address). */
export class ChallengeQueryDto {
  @ApiPropertyOptional({
    description: 'The wallet that will sign the message (0x and 40 hex digits); the message names it',
    example: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
    pattern: WALLET_ADDRESS_PATTERN.source,
  })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  address?: string;
}
