import { describe, expect, it } from 'vitest';
import { fileProblem, MAX_UPLOAD_BYTES, PROOF_MESSAGES, proofKind, proofPayload, proofSchema } from './proof-rules';

const values = { proofLink: 'https://x.com/a', proofText: 'did it', proofFileUrl: '/api/uploads/abc.png', notes: '' };

describe('proof rules (spec part 1 §4, §5, §8)', () => {
  it('keeps only the field of the kind; the other two are sent as null', () => {
    expect(proofPayload('link', values)).toEqual({ ok: true, proof: { proofLink: 'https://x.com/a', proofText: null, proofFileUrl: null } });
    expect(proofPayload('text', values)).toEqual({ ok: true, proof: { proofLink: null, proofText: 'did it', proofFileUrl: null } });
    expect(proofPayload('file', values)).toEqual({ ok: true, proof: { proofLink: null, proofText: null, proofFileUrl: '/api/uploads/abc.png' } });
  });

  it('answers the missing-proof toasts', () => {
    const empty = { proofLink: ' ', proofText: '  ', proofFileUrl: '', notes: '' };
    expect(proofPayload('link', empty)).toEqual({ ok: false, toast: { title: 'Missing link', description: 'Please provide a valid URL as proof' } });
    expect(proofPayload('text', empty)).toEqual({ ok: false, toast: { title: 'Missing text proof', description: 'Please provide text description as proof' } });
    expect(proofPayload('file', empty)).toEqual({ ok: false, toast: { title: 'Missing file', description: 'Please upload a file as proof' } });
  });

  it('decides the kind by the submission type, or by the active tab for mixed', () => {
    expect(proofKind('text', 'link')).toBe('text');
    expect(proofKind('mixed', 'file')).toBe('file');
  });

  it('validates a link as a URL and text as non-blank when given', async () => {
    await expect(proofSchema.validateAt('proofLink', { proofLink: 'not a url' })).rejects.toThrow('Please enter a valid URL');
    await expect(proofSchema.validateAt('proofLink', { proofLink: '' })).resolves.toBe('');
    await expect(proofSchema.validateAt('proofText', { proofText: '   ' })).rejects.toThrow('Please provide proof text');
    await expect(proofSchema.validateAt('proofText', { proofText: '' })).resolves.toBe('');
  });

  it('checks files before any upload: images only, under 2 MB', () => {
    expect(fileProblem({ type: 'image/png', size: 10 })).toBeNull();
    expect(fileProblem({ type: 'image/jpeg', size: MAX_UPLOAD_BYTES - 1 })).toBeNull();
    expect(fileProblem({ type: 'application/pdf', size: 10 })).toEqual({ title: 'Invalid file type', description: 'Please upload an image file (JPEG, PNG, GIF).' });
    expect(fileProblem({ type: 'image/gif', size: MAX_UPLOAD_BYTES })).toEqual(PROOF_MESSAGES.tooLarge);
    expect(PROOF_MESSAGES.tooLarge).toEqual({ title: 'File too large', description: 'File size should be less than 2MB.' });
  });
});
