import { Badge, Box, HStack, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { submissionStatusLook } from '@/lib/submission-status';
import type { SubmissionStatus } from '@/types/api';
import { riskLevel as risk } from '../approve-selection';
import type { BulkValidateResult } from '../types';
import { TableRoot } from '@/components/ui/table';

/** A result with the submission's decision now (unknown when it is not on the listed page). */
export type AiResultRow = BulkValidateResult & { status?: SubmissionStatus };


/** The AI results panel: totals, the auto-approval summary, and one row per analysed submission. */
export function AiResults({ results, summary }: { results: AiResultRow[]; summary: string | null }) {
  const recommended = results.filter((r) => r.validation.approved).length;
  const eligible = results.filter((r) => r.validation.autoApprovalEligible).length;
  return (
    <Stack gap="3" borderWidth="1px" borderRadius="md" p="4" bg="purple.50" data-testid="ai-results">
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
        <Total label="Analyzed" value={results.length} />
        <Total label="Recommended for approval" value={recommended} />
        <Total label="Auto-approval eligible" value={eligible} />
        <Total label="Issues detected" value={results.length - recommended} />
      </SimpleGrid>
      {summary && <Text fontSize="sm">{summary}</Text>}
      {results.length === 0 ? (
        <Text fontSize="sm">No AI results yet.</Text>
      ) : (
        <Table.ScrollArea>
          <TableRoot size="sm" aria-label="AI results">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Submission</Table.ColumnHeader>
                <Table.ColumnHeader>Task</Table.ColumnHeader>
                <Table.ColumnHeader>Confidence</Table.ColumnHeader>
                <Table.ColumnHeader>Quality</Table.ColumnHeader>
                <Table.ColumnHeader>Risk</Table.ColumnHeader>
                <Table.ColumnHeader>Recommendation</Table.ColumnHeader>
                <Table.ColumnHeader>Decision</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {results.map((r) => (
                <Table.Row key={r.submissionId}>
                  <Table.Cell>{r.submissionId}</Table.Cell>
                  <Table.Cell>{r.taskTitle}</Table.Cell>
                  <Table.Cell>{Math.round(r.validation.confidence * 100)}%</Table.Cell>
                  <Table.Cell>{r.validation.qualityScore != null ? `${r.validation.qualityScore}/100` : 'N/A'}</Table.Cell>
                  <Table.Cell>{risk(r.validation.riskLevel)}</Table.Cell>
                  <Table.Cell>
                    <HStack gap="1" wrap="wrap">
                      <Badge colorPalette={r.validation.approved ? 'green' : 'red'}>{r.validation.approved ? 'Approved' : 'Rejected'}</Badge>
                      {r.validation.autoApprovalEligible && <Badge colorPalette="purple" title="AUTO-APPROVAL ELIGIBLE">Auto-Eligible</Badge>}
                    </HStack>
                  </Table.Cell>
                  <Table.Cell data-testid={`ai-decision-${r.submissionId}`}>
                    {r.status ? <Badge colorPalette={submissionStatusLook(r.status).color}>{submissionStatusLook(r.status).label}</Badge> : '—'}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </TableRoot>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}

function Total({ label, value }: { label: string; value: number }) {
  return (
    <Box>
      <Text fontSize="xl" fontWeight="bold">{value}</Text>
      <Text fontSize="sm" color="gray.700">{label}</Text>
    </Box>
  );
}
