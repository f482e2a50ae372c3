/** Spec part 1 §5 / part 2 §5: images only, under 2 MB. */
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
/** Decompression-bomb guard: a 2 MB PNG can describe gigapixels. About 6000 x 6000 (all frames together). */
export const MAX_UPLOAD_PIXELS = 40_000_000;

export const UPLOAD_MESSAGES = {
  tooLarge: 'File too large: File size should be less than 2MB.',
  invalidType: 'Invalid file type: Please upload an image file (JPEG, PNG, GIF).',
  noFile: 'No file uploaded: Please choose an image file.',
  tooManyPixels: 'Image too large: Please upload an image of at most 40 megapixels.',
  notFound: 'File not found',
} as const;
