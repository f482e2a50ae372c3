import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { EvidenceSignal, ReviewEvidence } from '@/types/api';

/** 0.834 -> "83 %" (whole percent, as the rest of the app writes shares). */
const percent = (share: number) => `${Math.round(share * 100)} %`;

const RISK_COLOR: Record<string, string> = { low: 'green', medium: 'orange', high: 'red' };

/**
 * The validator's evidence beside a submission, for its reviewers (issue 22; shared by the review dialog and the
 * admins' flagged queue: features never import each other): the spam guard's flag, the validator's risk, and each
 * signal it reads with its score and the other submissions it points at. `onOpenSubmission` makes those
 * submissions buttons (the admin console opens them; a creator may not see another task's submissions).
 */
export function ReviewEvidencePanel({ evidence: e, onOpenSubmission }: { evidence: ReviewEvidence; onOpenSubmission?(id: number): void }) {
  const flag = e.flag ?? null;
  return (
    <Box as="section" aria-label="Spam guard evidence" borderWidth="1px" borderRadius="md" p="3" bg={flag ? 'orange.50' : 'gray.50'}>
      <Stack gap="2" fontSize="sm">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Text fontWeight="semibold">Spam guard</Text>
          {flag ? <Badge colorPalette="orange">Flagged: admins review it</Badge>
            : e.validated ? <Badge colorPalette="green">Not flagged</Badge>
            : <Badge>Not checked yet</Badge>}
        </HStack>
        {flag && <Text overflowWrap="anywhere">{flag}</Text>}
        {e.validated && (
          <HStack gap="2" wrap="wrap">
            <Badge colorPalette={RISK_COLOR[e.riskLevel ?? ''] ?? 'gray'}>Risk: {e.riskLevel ?? 'unknown'}</Badge>
            {e.confidence != null && <Badge variant="outline">Confidence {percent(e.confidence)}</Badge>}
            {e.qualityScore != null && <Badge variant="outline">Quality {e.qualityScore}/100</Badge>}
          </HStack>
        )}
        {e.signals.length > 0 ? (
          <Stack as="ul" gap="2" listStyleType="none" m="0" p="0" aria-label="Signals">
            {e.signals.map((s) => <SignalItem key={s.code} signal={s} onOpenSubmission={onOpenSubmission} />)}
          </Stack>
        ) : e.validated ? (
          <Text color="gray.700">No duplicate proof or sybil signal found.</Text>
        ) : null}
      </Stack>
    </Box>
  );
}

function SignalItem({ signal: s, onOpenSubmission }: { signal: EvidenceSignal; onOpenSubmission?(id: number): void }) {
  return (
    <Box as="li" borderLeftWidth="3px" borderColor={s.kind === 'sybil signals' ? 'red.400' : 'orange.400'} ps="2">
      <HStack gap="2" wrap="wrap">
        <Text fontWeight="medium">{s.label}</Text>
        <Badge variant="outline">{s.kind}</Badge>
        {s.score != null && <Badge variant="subtle" colorPalette="orange">{percent(s.score)} match</Badge>}
      </HStack>
      {s.related.length > 0 && (
        <HStack gap="1" wrap="wrap" mt="1">
          <Text color="gray.700">{s.kind === 'sybil signals' ? 'Together with' : 'Compare with'}</Text>
          {s.related.map((r) => onOpenSubmission ? (
            <Button key={r.submissionId} size="2xs" variant="outline" onClick={() => onOpenSubmission(r.submissionId)}
              aria-label={`Open submission #${r.submissionId} (task #${r.taskId})`}>
              submission #{r.submissionId} (task #{r.taskId})
            </Button>
          ) : (
            <Text key={r.submissionId} as="span">submission #{r.submissionId} (task #{r.taskId})</Text>
          ))}
        </HStack>
      )}
    </Box>
  );
}
