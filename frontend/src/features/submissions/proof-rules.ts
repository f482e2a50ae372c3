import { object, string } from 'yup';
import type { SubmissionType } from '@/types/api';

/** Spec part 1 §5 and §8: the proof form's texts. */
export const PROOF_MESSAGES = {
  invalidUrl: 'Please enter a valid URL',
  emptyText: 'Please provide proof text',
  missingLink: { title: 'Missing link', description: 'Please provide a valid URL as proof' },
  missingText: { title: 'Missing text proof', description: 'Please provide text description as proof' },
  missingFile: { title: 'Missing file', description: 'Please upload a file as proof' },
  invalidType: { title: 'Invalid file type', description: 'Please upload an image file (JPEG, PNG, GIF).' },
  tooLarge: { title: 'File too large', description: 'File size should be less than 2MB.' },
  notAuthenticated: { title: 'Not authenticated', description: 'You must be logged in to submit proof' },
  submitted: { title: 'Proof submitted', description: 'Your submission has been sent for review.' },
  uploaded: { title: 'File uploaded' },
  uploadFailed: 'Failed to upload file. Please try again.',
} as const;

export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

export type ProofKind = 'link' | 'text' | 'file';

export interface ProofValues {
  proofLink: string;
  proofText: string;
  proofFileUrl: string;
  notes: string;
}

/** Field rules (on blur): a link must be a URL when given; text must not be blank when given. */
export const proofSchema = object({
  proofLink: string().trim().url(PROOF_MESSAGES.invalidUrl),
  proofText: string().test('not-blank', PROOF_MESSAGES.emptyText, (v) => v === undefined || v === '' || v.trim().length > 0),
  notes: string(),
  proofFileUrl: string(),
});

/** The proof kind kept: the submission type, or for "mixed" the active tab. */
export function proofKind(type: SubmissionType, activeTab: ProofKind): ProofKind {
  return type === 'mixed' ? activeTab : type;
}

/**
 * The payload's proof fields: only the kind's own field is kept, the other two are null. Answers the
 * spec's "missing" toast instead when that field is empty.
 */
export function proofPayload(kind: ProofKind, v: ProofValues):
  | { ok: true; proof: { proofLink: string | null; proofText: string | null; proofFileUrl: string | null } }
  | { ok: false; toast: { title: string; description: string } } {
  if (kind === 'link') {
    const link = v.proofLink.trim();
    return link ? { ok: true, proof: { proofLink: link, proofText: null, proofFileUrl: null } } : { ok: false, toast: PROOF_MESSAGES.missingLink };
  }
  if (kind === 'text') {
    const text = v.proofText.trim();
    return text ? { ok: true, proof: { proofLink: null, proofText: text, proofFileUrl: null } } : { ok: false, toast: PROOF_MESSAGES.missingText };
  }
  return v.proofFileUrl
    ? { ok: true, proof: { proofLink: null, proofText: null, proofFileUrl: v.proofFileUrl } }
    : { ok: false, toast: PROOF_MESSAGES.missingFile };
}

/** Checked before any upload: images only, under 2 MB. Null when the file may be uploaded. */
export function fileProblem(file: { type: string; size: number }): { title: string; description: string } | null {
  if (!IMAGE_TYPES.includes(file.type)) return PROOF_MESSAGES.invalidType;
  if (file.size >= MAX_UPLOAD_BYTES) return PROOF_MESSAGES.tooLarge;
  return null;
}
