/** Spec §5/§9: profile pictures are images of at most 2 MB; usernames at least 3 characters (hint 3-20). */
export const MAX_PROFILE_IMAGE_BYTES = 2 * 1024 * 1024;

export type ImageProblem = { title: 'Invalid file type'; description: string } | { title: 'File too large'; description: string };

export function profileImageProblem(file: Pick<File, 'type' | 'size'>): ImageProblem | null {
  if (!file.type.startsWith('image/')) return { title: 'Invalid file type', description: 'Please select an image file' };
  if (file.size > MAX_PROFILE_IMAGE_BYTES) return { title: 'File too large', description: 'File size should be less than 2MB' };
  return null;
}

export const USERNAME_TOO_SHORT = 'Username must be at least 3 characters long';
export const USERNAME_HINT = '3-20 characters: letters, numbers, and underscores';

export function usernameProblem(username: string): string | null {
  return username.trim().length < 3 ? USERNAME_TOO_SHORT : null;
}
