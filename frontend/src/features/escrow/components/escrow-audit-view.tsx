import type { ReactNode } from 'react';
import { Alert, Badge, Box, Card, Heading, HStack, Link, SimpleGrid, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { ChainRef } from '@/components/chain-ref';
import { CopyButton } from '@/components/copy-button';
import { Fact, Facts } from '@/components/facts';
import { usePublicConfig } from '@/lib/config/config-api';
import { formatDate } from '@/lib/dates';
import { chainUnreachableText } from '@/lib/escrow/chain-status';
import { useTaskEscrowQuery } from '@/lib/escrow/escrow-api';
import { formatBaseUnits } from '@/lib/money';
import type { PublicConfig, TaskFunding } from '@/types/api';
import type { EscrowAudit } from '@/types/escrow';
import { chainTotals, EVENT_LABEL } from '../audit-totals';
import { eventFinality, finalAfter } from '../finality';
import { VerifyYourself } from '../verify/verify-yourself';
import { AlertRoot } from '@/components/ui/alert';
import { TableRoot } from '@/components/ui/table';

const cent = (base: string | bigint) => `${formatBaseUnits(base)} CENT`;

/** What the page knows of the task itself (its title and the terms the app asked its creator to fund). */
export interface AuditedTask {
  title: string;
  funding?: TaskFunding;
}

/**
 * The auditor's page: a task's escrow as the chain shows it, next to what the app claims, with every event, the
 * contracts and terms in full, and the read calls to check each figure from the browser ("Verify it yourself").
 */
export function EscrowAuditView({ taskId, task }: { taskId: number; task?: AuditedTask }) {
  const q = useTaskEscrowQuery(taskId);
  const config = usePublicConfig();
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
        <AuditBody a={q.data} task={task} config={config} />
      )}
    </Stack>
  );
}

function AuditBody({ a, task, config }: { a: EscrowAudit; task?: AuditedTask; config?: PublicConfig }) {
  const totals = chainTotals(a.events);
  const chain = a.onChain;
  const unreachable = chainUnreachableText(a);
  return (
    <Stack gap="6">
      <HStack gap="2" wrap="wrap">
        <Badge colorPalette={a.consistent ? 'green' : 'red'} size="lg">{a.consistent ? 'Chain and app agree' : 'Chain and app differ'}</Badge>
        <Text fontSize="sm">
          {a.headBlock != null && `Read at block ${a.headBlock} · `}Chain facts are {finalAfter(a.confirmationsRequired)}
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
      <EscrowFacts a={a} task={task} config={config} />
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
          <>
          <Stack as="ul" gap="2" hideFrom="md" aria-label="Escrow events" listStyleType="none">
            {a.events.map((e) => (
              <Card.Root as="li" size="sm" key={`${e.txHash}-${e.logIndex}`}>
                <Card.Body gap="1" fontSize="sm">
                  <HStack justify="space-between" gap="2" wrap="wrap">
                    <Text fontWeight="semibold">{EVENT_LABEL[e.type]}: {cent(e.amount)}</Text>
                    <FinalityBadge a={a} e={e} />
                  </HStack>
                  {e.submissionId != null && <Text>Submission {e.submissionId}</Text>}
                  {e.recipient && <Text>Recipient <ChainRef kind="address" value={e.recipient} label="Recipient" /></Text>}
                  <Text>Block <ChainRef kind="block" value={e.blockNumber} /></Text>
                  <Text>Transaction <ChainRef kind="tx" value={e.txHash} /></Text>
                </Card.Body>
              </Card.Root>
            ))}
          </Stack>
          <Table.ScrollArea borderWidth="1px" borderRadius="md" hideBelow="md">
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
                    <Table.Cell><FinalityBadge a={a} e={e} /></Table.Cell>
                    <Table.Cell><ChainRef kind="tx" value={e.txHash} /></Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </TableRoot>
          </Table.ScrollArea>
          </>
        )}
      </Box>
      {config && (
        <VerifyYourself
          config={config}
          escrow={a.escrowAddress}
          escrowKey={task?.funding?.escrowKey ?? null}
          claims={{ app: a.app, terms: task?.funding ? { funder: task.funding.funder, ...task.funding.args } : null }}
        />
      )}
    </Stack>
  );
}

function FinalityBadge({ a, e }: { a: EscrowAudit; e: EscrowAudit['events'][number] }) {
  return (
    <>
      <Badge colorPalette={e.finality === 'final' ? 'green' : 'yellow'}>{eventFinality(e.confirmations, a.confirmationsRequired, e.finality === 'final')}</Badge>
      {!e.indexed && <Badge ml="1" colorPalette="red">not recorded by the app</Badge>}
    </>
  );
}

/** The contracts in full, the chain, the task and its escrow key and terms: what an auditor needs to look it up. */
function EscrowFacts({ a, task, config }: { a: EscrowAudit; task?: AuditedTask; config?: PublicConfig }) {
  const funding = task?.funding;
  const token = a.tokenAddress ?? config?.token.address ?? null;
  // A date only when the deadline is one (the unix seconds are shown as they are, whatever they are).
  const deadlineDate = funding ? new Date(Number(funding.args.deadline) * 1000) : null;
  const deadlineText = deadlineDate && !Number.isNaN(deadlineDate.getTime()) ? `${formatDate(deadlineDate.toISOString())} (unix ${funding!.args.deadline})` : funding ? `unix ${funding.args.deadline}` : '—';
  return (
    <Box>
      <Heading as="h2" size="md" mb="2">Contracts and terms</Heading>
      <Facts label="Contracts and terms">
        <Fact label="Task">
          {task ? (
            <Link asChild color="purple.700"><RouterLink to={`/tasks?id=${a.taskId}`}>{task.title}</RouterLink></Link>
          ) : `#${a.taskId}`}
        </Fact>
        <Fact label="Chain">{config ? `${config.chainName} (chain id ${a.chainId})` : `Chain id ${a.chainId}`}</Fact>
        <Fact label="Escrow contract"><ChainRef kind="address" value={a.escrowAddress} label="Escrow contract" full /></Fact>
        <Fact label="CENT token">{token ? <ChainRef kind="token" value={token} label="CENT token" full /> : '—'}</Fact>
        <Fact label="Escrow key">
          {funding?.escrowKey ? (
            <HStack gap="1" align="center">
              <Text as="span" fontFamily="mono" overflowWrap="anywhere" data-testid="escrow-key">{funding.escrowKey}</Text>
              <CopyButton value={funding.escrowKey} noun="escrow key" />
            </HStack>
          ) : 'none yet (not funded)'}
          <Text fontSize="xs" color="gray.700">keccak256(abi.encode(funder, taskId, reward, maxCompletions, deadline))</Text>
        </Fact>
        {funding && (
          <>
            <Fact label="Funder">{funding.funder ? <ChainRef kind="address" value={funding.funder} label="Funder" full /> : '—'}</Fact>
            <Fact label="Task id on chain">{funding.args.taskId}</Fact>
            <Fact label="Reward per payout">{cent(funding.args.reward)}</Fact>
            <Fact label="Max completions">{funding.args.maxCompletions}</Fact>
            <Fact label="Deadline">{deadlineText}</Fact>
            <Fact label="Escrowed in total">{cent(funding.amount)}</Fact>
          </>
        )}
        <Fact label="Refund opens">{a.onChain?.refundableAt ? formatDate(a.onChain.refundableAt) : funding?.refundableAt ? formatDate(funding.refundableAt) : '—'}</Fact>
      </Facts>
    </Box>
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
