import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { toaster } from '@/components/ui/toaster';
import { formatDate } from '@/lib/dates';
import { isApiError } from '@/lib/http-error';
import { useValidateSubmissionMutation } from '../api';
import { analysisSummary, confidencePercent, riskLabel, type StoredValidation, type ValidationResult } from '../validation';

/** Spec: a non-OK answer shows "HTTP error! status: {code}"; other failures their message. */
function validationErrorText(e: unknown): string {
  if (isApiError(e) && typeof e.status === 'number') return `HTTP error! status: ${e.status}`;
  return e instanceof Error ? e.message : isApiError(e) ? e.message : 'Unknown error occurred';
}

/**
 * The AI analysis of one submission: admins only; the button only while undecided and not yet analysed by an admin.
 * A run made in this page shows at once; otherwise the validation stored on the submission (an admin reopening it
 * later). The system's own check (the spam guard's, when the proof was sent or at its review deadline: stored with
 * validatedBy null) shows too, but does not stand in for an admin's analysis: the button stays.
 */
export function AiPanel({ submissionId, stored, canValidate }: { submissionId: number; stored: StoredValidation | null; canValidate: boolean }) {
  const [validate, state] = useValidateSubmissionMutation({ fixedCacheKey: `validate-${submissionId}` });
  const run = async () => {
    try {
      const v = await validate(submissionId).unwrap();
      toaster.create({ type: v.approved ? 'success' : 'warning', title: 'AI Analysis Complete', description: analysisSummary(v) });
    } catch (e) {
      toaster.create({ type: 'error', title: 'AI Validation Failed', description: validationErrorText(e) });
    }
  };
  if (stored && stored.validatedBy != null) return <AiResult result={stored} />;
  if (state.data) return <AiResult result={state.data} />;
  const button = canValidate && (
    <Button variant="outline" colorPalette="purple" onClick={() => void run()} loading={state.isLoading} loadingText="Analyzing..." alignSelf="flex-start">
      AI Validate
    </Button>
  );
  if (!stored) return button || null;
  return (
    <Stack gap="2">
      <AiResult result={stored} />
      {button}
    </Stack>
  );
}

function List({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <Box>
      <Text fontSize="sm" fontWeight="semibold">{title}</Text>
      <Box as="ul" fontSize="sm" ps="5" listStyleType="disc">
        {items.map((i) => <li key={i}>{i}</li>)}
      </Box>
    </Box>
  );
}

export function AiResult({ result: v }: { result: ValidationResult | StoredValidation }) {
  const risk = riskLabel(v.riskLevel);
  const stored = 'evidence' in v ? v : null;
  return (
    <Box borderWidth="1px" borderRadius="md" p="4" bg="purple.50" data-testid="ai-result">
      <Stack gap="2">
        <HStack justify="space-between" wrap="wrap">
          <Text fontWeight="semibold">AI Analysis</Text>
          {v.autoApprovalEligible && <Badge colorPalette="green">AUTO-APPROVAL ELIGIBLE</Badge>}
        </HStack>
        <HStack gap="2" wrap="wrap">
          <Badge colorPalette={v.approved ? 'green' : 'red'}>{v.approved ? 'Recommended for approval' : 'Issues detected'}</Badge>
          <Badge>Confidence {confidencePercent(v.confidence)}%</Badge>
          <Badge>Quality {v.qualityScore != null ? `${v.qualityScore}/100` : 'N/A'}</Badge>
          <Badge colorPalette={risk === 'low' ? 'green' : risk === 'medium' ? 'orange' : 'red'}>Risk: {risk}</Badge>
          <Badge variant="outline">{v.verificationStatus.replace(/_/g, ' ')}</Badge>
          <Badge variant="outline">{v.category}</Badge>
        </HStack>
        <Text fontSize="sm">{v.reasoning}</Text>
        <List title="Issues" items={v.issues} />
        <List title="Suggestions" items={v.suggestions} />
        {stored && (
          <>
            <List title="Evidence" items={stored.evidence} />
            {stored.evidence.length === 0 && <Text fontSize="sm">Evidence: no check found a problem.</Text>}
            <Text fontSize="xs" color="gray.700">
              {[
                'Stored analysis',
                stored.validatedAt && `run ${formatDate(stored.validatedAt)}`,
                stored.validatedBy != null && `by User #${stored.validatedBy}`,
                stored.validator && `(${stored.validator})`,
              ].filter(Boolean).join(' ')}
            </Text>
          </>
        )}
      </Stack>
    </Box>
  );
}
