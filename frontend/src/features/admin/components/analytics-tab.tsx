import { Heading, SimpleGrid, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { useAdminAnalyticsQuery } from '../api';
import { shareText } from '../texts';
import { TableRoot } from '@/components/ui/table';
import { FigureCard } from './figure-card';

/** AI Analytics from recorded validations and reviewers' decisions only (the spec's placeholder figures are omitted). */
export function AnalyticsTab() {
  const q = useAdminAnalyticsQuery();
  if (q.isLoading) return <Spinner aria-label="Loading AI analytics" />;
  if (!q.data) return <Text color="red.700">Failed to load AI analytics.</Text>;
  const a = q.data;
  return (
    <Stack gap="5" data-testid="ai-analytics">
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
        <FigureCard label="AI validations" value={a.totalValidations.validatedSubmissions.toLocaleString('en-US')}
          help={`${shareText(a.totalValidations.share)} of ${a.totalValidations.totalSubmissions.toLocaleString('en-US')} submissions`} />
        <FigureCard label="Agreement with reviewers" value={shareText(a.accuracy.rate)} help={`${a.accuracy.agreed} of ${a.accuracy.decided} decided`} />
        <FigureCard label="Average validation time" value={a.totalValidations.runs > 0 ? `${a.averageValidationTimeMs} ms` : 'not measured yet'}
          help={`95th percentile ${a.p95ValidationTimeMs} ms`} />
        <FigureCard label="Auto-approved" value={shareText(a.autoApproval.rate)} help={`${a.autoApproval.autoApproved} approved automatically, ${a.autoApproval.eligible} eligible`} />
      </SimpleGrid>
      <Text>{a.recommendation}</Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <Breakdown title="Common issues" label="Common issues" rows={a.commonIssues.map((i) => [i.issue, i.count, shareText(i.share)])} />
        <Breakdown title="Confidence bands" label="Confidence bands" rows={a.confidenceBands.map((b) => [b.band, b.count, shareText(b.share)])} />
      </SimpleGrid>
      <Breakdown title="Per category" label="Per category" head={['Category', 'Validated', 'Agreement', 'Auto-approved']}
        rows={a.perCategory.map((c) => [c.category, c.validated, shareText(c.accuracy), shareText(c.autoApprovalRate)])} />
    </Stack>
  );
}

function Breakdown({ title, label, rows, head = ['', 'Count', 'Share'] }: { title: string; label: string; rows: Array<Array<string | number>>; head?: string[] }) {
  return (
    <Stack gap="2">
      <Heading as="h3" size="sm">{title}</Heading>
      {rows.length === 0 ? (
        <Text fontSize="sm" color="gray.700">Nothing measured yet.</Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" borderRadius="md">
          <TableRoot size="sm" aria-label={label}>
            <Table.Header>
              <Table.Row>{head.map((h, i) => <Table.ColumnHeader key={i}>{h || title}</Table.ColumnHeader>)}</Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((r) => (
                <Table.Row key={String(r[0])}>{r.map((v, i) => <Table.Cell key={i}>{v}</Table.Cell>)}</Table.Row>
              ))}
            </Table.Body>
          </TableRoot>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}
