import type { ReactNode } from 'react';
import { Alert, Badge, Box, Card, Heading, HStack, SimpleGrid, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { ChainRef } from '@/components/chain-ref';
import { formatDate } from '@/lib/dates';
import { chainUnreachableText } from '@/lib/escrow/chain-status';
import { useTaskEscrowQuery } from '@/lib/escrow/escrow-api';
import { formatBaseUnits } from '@/lib/money';
import type { EscrowAudit } from '@/types/escrow';
import { chainTotals, EVENT_LABEL } from '../audit-totals';
import { AlertRoot } from '@/components/ui/alert';
import { TableRoot } from '@/components/ui/table';

const cent = (base: string | bigint) => `${formatBaseUnits(base)} CENT`;

/** The auditor's page: a task's escrow as the chain shows it, next to what the app claims, with every event. */
export function EscrowAuditView({ taskId }: { taskId: number }) {
  const q = useTaskEscrowQuery(taskId);
  return (
    <Stack gap="6">
      <Box>
        <Heading as="h1" size="2xl">Escrow audit: Task #{taskId}</Heading>
        <Text color="gray.700">What the escrow contract holds for this task, read from the chain now, next to what the app records.</Text>
      </Box>
      {q.isLoading ? (
        <Spinner aria-label="Reading the chain" />
      ) : !q.data ? (
        <AlertRoot status="error">
          <Alert.Indicator />
          <Alert.Title>This task's escrow cannot be shown (unknown task, or not funded yet).</Alert.Title>
        </AlertRoot>
      ) : (
        <AuditBody a={q.data} />
      )}
    </Stack>
  );
}

function AuditBody({ a }: { a: EscrowAudit }) {
  const totals = chainTotals(a.events);
  const chain = a.onChain;
  const unreachable = chainUnreachableText(a);
  return (
    <Stack gap="6">
      <HStack gap="2" wrap="wrap">
        <Badge colorPalette={a.consistent ? 'green' : 'red'} size="lg">{a.consistent ? 'Chain and app agree' : 'Chain and app differ'}</Badge>
        <Text fontSize="sm">
          Escrow contract <ChainRef kind="address" value={a.escrowAddress} label="Escrow contract" />
          {a.headBlock != null && ` · block ${a.headBlock}`} · final after {a.confirmationsRequired} confirmations
        </Text>
      </HStack>
      {unreachable && (
        <AlertRoot status="warning" data-testid="chain-unreachable">
          <Alert.Indicator />
          <Alert.Title>{unreachable}</Alert.Title>
        </AlertRoot>
      )}
      {a.app.anomalies.length > 0 && (
        <AlertRoot status="error" data-testid="escrow-anomalies">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Something on chain does not match this task</Alert.Title>
            <Alert.Description>
              <Stack as="ul" gap="1" ps="4" listStyleType="disc">
                {a.app.anomalies.map((x) => <li key={`${x.kind}-${x.txHash}`}>{x.reason} <ChainRef kind="tx" value={x.txHash} /></li>)}
              </Stack>
            </Alert.Description>
          </Alert.Content>
        </AlertRoot>
      )}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <Side title="On chain" testId="on-chain">
          {/* No chain read (unreachable): unknown, not zero. */}
          <Row label="Funded" value={chain ? cent(totals.funded) : '—'} />
          <Row label="Released" value={chain ? cent(totals.released) : '—'} />
          <Row label="Refunded" value={chain ? cent(totals.refunded) : '—'} />
          <Row label="Remaining" value={chain ? cent(chain.remaining) : '—'} />
          <Row label="Payouts" value={chain ? `${chain.paidCount} of ${chain.maxCompletions}` : '—'} />
          <Row label="Refund opens" value={chain?.refundableAt ? formatDate(chain.refundableAt) : '—'} />
        </Side>
        <Side title="The app claims" testId="app-claims">
          <Row label="Status" value={a.app.fundingStatus.replace(/_/g, ' ')} />
          <Row label="Escrowed" value={cent(a.app.escrowAmount)} />
          <Row label="Released" value={cent(a.app.releasedAmount)} />
          <Row label="Refunded" value={cent(a.app.refundedAmount)} />
          <Row label="Payouts" value={String(a.app.paidCount)} />
        </Side>
      </SimpleGrid>
      <Box>
        <Heading as="h2" size="md" mb="2">Events</Heading>
        {a.events.length === 0 ? (
          <Text color="gray.700">{chain ? 'No escrow events for this task on chain.' : 'The chain could not be read, so its events are not shown.'}</Text>
        ) : (
          <Table.ScrollArea borderWidth="1px" borderRadius="md">
            <TableRoot size="sm" aria-label="Escrow events">
              <Table.Header>
                <Table.Row>
                  {['Event', 'Amount', 'Submission', 'Recipient', 'Block', 'Finality', 'Transaction'].map((h) => <Table.ColumnHeader key={h}>{h}</Table.ColumnHeader>)}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {a.events.map((e) => (
                  <Table.Row key={`${e.txHash}-${e.logIndex}`}>
                    <Table.Cell>{EVENT_LABEL[e.type]}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{cent(e.amount)}</Table.Cell>
                    <Table.Cell>{e.submissionId ?? '—'}</Table.Cell>
                    <Table.Cell>{e.recipient ? <ChainRef kind="address" value={e.recipient} label="Recipient" /> : '—'}</Table.Cell>
                    <Table.Cell><ChainRef kind="block" value={e.blockNumber} /></Table.Cell>
                    <Table.Cell><Badge colorPalette={e.finality === 'final' ? 'green' : 'yellow'}>{e.finality} ({e.confirmations})</Badge>{!e.indexed && <Badge ml="1" colorPalette="red">not recorded by the app</Badge>}</Table.Cell>
                    <Table.Cell><ChainRef kind="tx" value={e.txHash} /></Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </TableRoot>
          </Table.ScrollArea>
        )}
      </Box>
    </Stack>
  );
}

function Side({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Card.Root data-testid={testId}>
      <Card.Body gap="2">
        <Heading as="h2" size="md">{title}</Heading>
        {children}
      </Card.Body>
    </Card.Root>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <HStack justify="space-between" fontSize="sm">
      <Text color="gray.700">{label}</Text>
      <Text fontWeight="medium" data-label={label}>{value}</Text>
    </HStack>
  );
}
