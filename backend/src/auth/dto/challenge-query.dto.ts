import { IsOptional, IsString, MaxLength } from 'class-validator';

/** `?address=` binds the challenge to the wallet that will sign it (the message must name an address). */
export class ChallengeQueryDto {
  @IsOptional()
  @IsString()
  @MaxLength(64)
  address?: string;
}
