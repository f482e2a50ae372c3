import { IsEmail, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { USER_MESSAGES, USERNAME_RE } from '../../users/user.aggregate';

/** POST /api/register. The spec leaves the field names open; ours: `{ username, password, email? }`. */
export class RegisterDto {
  @IsString()
  @Matches(USERNAME_RE, { message: USER_MESSAGES.invalidUsername })
  username!: string;

  @IsString()
  @MinLength(8, { message: 'Password must be at least 8 characters' })
  @MaxLength(128, { message: 'Password must be at most 128 characters' })
  password!: string;

  @IsOptional()
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(254)
  email?: string;
}
