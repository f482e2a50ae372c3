import { describe, expect, it } from 'vitest';
import { MAX_PROFILE_IMAGE_BYTES, profileImageProblem, usernameProblem, USERNAME_TOO_SHORT } from './profile-rules';

describe('profile rules', () => {
  it('takes images up to 2 MB', () => {
    expect(profileImageProblem({ type: 'image/png', size: MAX_PROFILE_IMAGE_BYTES })).toBeNull();
    expect(profileImageProblem({ type: 'image/png', size: MAX_PROFILE_IMAGE_BYTES + 1 })).toEqual({ title: 'File too large', description: 'File size should be less than 2MB' });
    expect(profileImageProblem({ type: 'application/pdf', size: 10 })?.title).toBe('Invalid file type');
  });

  it('needs a username of at least 3 characters', () => {
    expect(usernameProblem('ab')).toBe(USERNAME_TOO_SHORT);
    expect(usernameProblem('  a  ')).toBe(USERNAME_TOO_SHORT);
    expect(usernameProblem('abc')).toBeNull();
  });
});
