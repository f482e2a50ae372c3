import { Transform } from 'class-transformer';
import { IsEmail, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';

const emptyToNull = ({ value }: { value: unknown }) => (typeof value === 'string' && value.trim() === '' ? null : value);

/**
 * `{ bio, email, profileImage? }` (spec part 2 §7). A field left out keeps its value; null or "" clears it.
 * profileImage must be an upload of ours (`/api/uploads/<key>` from upload-profile-image).
 */
export class UpdateProfileDto {
  @IsOptional()
  @Transform(emptyToNull)
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @MaxLength(1000, { message: 'Bio must be at most 1000 characters' })
  bio?: string | null;

  @IsOptional()
  @Transform(emptyToNull)
  @ValidateIf((_, v) => v !== null)
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(254)
  email?: string | null;

  @IsOptional()
  @Transform(emptyToNull)
  @ValidateIf((_, v) => v !== null)
  @IsString()
  @MaxLength(200)
  profileImage?: string | null;
}
