import { IsString, Matches } from 'class-validator';
import { USER_MESSAGES, USERNAME_RE } from '../../users/user.aggregate';

/** 3–20 letters, digits, underscores (spec part 2 §5); uniqueness is case-insensitive (the aggregate's key). */
export class UpdateUsernameDto {
  @IsString()
  @Matches(USERNAME_RE, { message: USER_MESSAGES.invalidUsername })
  username!: string;
}
