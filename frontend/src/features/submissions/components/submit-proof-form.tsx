import { useState, type ReactElement } from 'react';
import { Box, Button, Field, HStack, Image, Input, Stack, Tabs, Text, Textarea } from '@chakra-ui/react';
import { useFormik } from 'formik';
import { toaster } from '@/components/ui/toaster';
import { errorText } from '@/lib/http-error';
import type { SubmissionType } from '@/types/api';
import { useCreateSubmissionMutation, useUploadProofMutation } from '../api';
import { fileProblem, PROOF_MESSAGES, proofKind, proofPayload, proofSchema, type ProofKind, type ProofValues } from '../proof-rules';
import { TabsRoot } from '@/components/ui/tabs';

const TAB_LABELS: Record<ProofKind, string> = { link: 'Link', text: 'Text Description', file: 'File Upload' };

/** Spec part 1 "Submit Proof form": tabs for mixed, one input otherwise, optional notes, "Submitting...". */
export function SubmitProofForm({
  taskId,
  submissionType,
  signedIn,
  onDone,
  onCancel,
}: {
  taskId: number;
  submissionType: SubmissionType;
  signedIn: boolean;
  onDone(): void;
  onCancel(): void;
}) {
  const [tab, setTab] = useState<ProofKind>('link');
  const [preview, setPreview] = useState<string | null>(null);
  const [create] = useCreateSubmissionMutation();
  const [upload, uploading] = useUploadProofMutation();
  const kind = proofKind(submissionType, tab);

  const form = useFormik<ProofValues>({
    initialValues: { proofLink: '', proofText: '', proofFileUrl: '', notes: '' },
    validationSchema: proofSchema,
    validateOnBlur: true,
    validateOnChange: false,
    onSubmit: async (values) => {
      if (!signedIn) {
        toaster.create({ type: 'error', ...PROOF_MESSAGES.notAuthenticated });
        return;
      }
      const payload = proofPayload(kind, values);
      if (!payload.ok) {
        toaster.create({ type: 'error', ...payload.toast });
        return;
      }
      try {
        await create({ taskId, ...payload.proof, notes: values.notes.trim() || null }).unwrap();
        toaster.create({ type: 'success', ...PROOF_MESSAGES.submitted });
        onDone();
      } catch (e) {
        toaster.create({ type: 'error', title: 'Submission failed', description: errorText(e, 'Submission failed') });
      }
    },
  });

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const problem = fileProblem(file);
    if (problem) {
      toaster.create({ type: 'error', ...problem });
      return;
    }
    try {
      const { fileUrl } = await upload(file).unwrap();
      await form.setFieldValue('proofFileUrl', fileUrl);
      setPreview(fileUrl);
      toaster.create({ type: 'success', ...PROOF_MESSAGES.uploaded, description: file.name });
    } catch (e) {
      toaster.create({ type: 'error', title: 'Upload failed', description: errorText(e, PROOF_MESSAGES.uploadFailed) });
    }
  };

  const linkField = (
    <Field.Root invalid={!!form.errors.proofLink}>
      <Field.Label>Proof link</Field.Label>
      <Input name="proofLink" type="url" placeholder="https://..." value={form.values.proofLink} onChange={form.handleChange} onBlur={form.handleBlur} />
      <Field.ErrorText>{form.errors.proofLink}</Field.ErrorText>
    </Field.Root>
  );
  const textField = (
    <Field.Root invalid={!!form.errors.proofText}>
      <Field.Label>Proof text</Field.Label>
      <Textarea name="proofText" rows={5} placeholder="Describe what you did" value={form.values.proofText} onChange={form.handleChange} onBlur={form.handleBlur} />
      <Field.ErrorText>{form.errors.proofText}</Field.ErrorText>
    </Field.Root>
  );
  const fileField = (
    <Field.Root>
      <Field.Label>Proof image</Field.Label>
      <Input type="file" accept="image/jpeg,image/png,image/gif,image/webp" p="1" onChange={(e) => void onFile(e.target.files?.[0])} disabled={uploading.isLoading} />
      <Field.HelperText>JPEG, PNG or GIF, less than 2MB.</Field.HelperText>
      {uploading.isLoading && <Text fontSize="sm">Uploading...</Text>}
      {preview && (
        <Box mt="2">
          <Image src={preview} alt="Uploaded proof preview" maxH="48" rounded="md" borderWidth="1px" />
        </Box>
      )}
    </Field.Root>
  );
  const fields: Record<ProofKind, ReactElement> = { link: linkField, text: textField, file: fileField };

  return (
    <form onSubmit={form.handleSubmit} aria-label="Submit proof">
      <Stack gap="4">
        <Text fontWeight="semibold" fontSize="lg">
          Submit Proof
        </Text>
        {submissionType === 'mixed' ? (
          <TabsRoot value={tab} onValueChange={(e) => setTab(e.value as ProofKind)} variant="enclosed">
            <Tabs.List>
              {(Object.keys(TAB_LABELS) as ProofKind[]).map((k) => (
                <Tabs.Trigger key={k} value={k}>
                  {TAB_LABELS[k]}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {(Object.keys(TAB_LABELS) as ProofKind[]).map((k) => (
              <Tabs.Content key={k} value={k}>
                {fields[k]}
              </Tabs.Content>
            ))}
          </TabsRoot>
        ) : (
          fields[kind]
        )}
        <Field.Root>
          <Field.Label>Additional Notes (optional)</Field.Label>
          <Textarea name="notes" rows={3} value={form.values.notes} onChange={form.handleChange} onBlur={form.handleBlur} />
        </Field.Root>
        {/* On a phone the form is longer than the screen: Submit stays in reach, pinned to the bottom. */}
        <HStack justify="flex-end" gap="3" data-testid="proof-actions" position={{ base: 'sticky', md: 'static' }} bottom="0" zIndex="1" bg="white"
          py={{ base: '3', md: '0' }} borderTopWidth={{ base: '1px', md: '0' }} mx={{ base: '-4', md: '0' }} px={{ base: '4', md: '0' }}>
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={form.isSubmitting || uploading.isLoading}>
            {form.isSubmitting ? 'Submitting...' : 'Submit Proof'}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
