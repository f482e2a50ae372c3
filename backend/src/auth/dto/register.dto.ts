import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { USER_MESSAGES, USERNAME_RE } from '../../users/user.aggregate';

/** POST /api/register. The spec leaves the field names open; ours: `{ username, password, email? }`. */
export class RegisterDto {
  @ApiProperty({ description: 'Unique username (case-insensitive)', example: 'alice', pattern: USERNAME_RE.source })
  @IsString()
  @Matches(USERNAME_RE, { message: USER_MESSAGES.invalidUsername })
  username!: string;

  @ApiProperty({ description: 'At least 8 characters', format: 'password', minLength: 8, maxLength: 128 })
  @IsString()
  @MinLength(8, { message: 'Password must be at least 8 characters' })
  @MaxLength(128, { message: 'Password must be at most 128 characters' })
  password!: string;

  @ApiPropertyOptional({ description: 'Optional contact email', format: 'email', maxLength: 254, example: 'alice@example.com' })
  @IsOptional()
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(254)
  email?: string;
}
