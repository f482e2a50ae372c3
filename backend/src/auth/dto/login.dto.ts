import { IsString, MaxLength, MinLength } from 'class-validator';

/** POST /api/login: `{ username, password }` (username matched case-insensitively). */
export class LoginDto {
  @IsString()
  @MinLength(1)
  @MaxLength(64)
  username!: string;

  @IsString()
  @MinLength(1)
  @MaxLength(128)
  password!: string;
}
