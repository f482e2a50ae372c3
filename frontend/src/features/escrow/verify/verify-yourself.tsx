import { useState } from 'react';
import { Alert, Badge, Box, Button, Card, Code, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { AlertRoot } from '@/components/ui/alert';
import type { PublicConfig } from '@/types/api';
import { compareReads, type AppClaims, type FigureRow } from './compare-reads';
import { readEscrowFromBrowser } from './escrow-reads';

type Run = { state: 'idle' } | { state: 'running' } | { state: 'done'; rows: FigureRow[]; head: number } | { state: 'failed'; error: string };

/**
 * "Verify it yourself": the exact read calls behind each figure, runnable from this page. The browser sends them
 * to the chain's public RPC itself (GET /api/config `rpcUrl`), not to this app's API, and shows each answer next
 * to what the app claims.
 */
export function VerifyYourself({ config, escrow, escrowKey, claims }: { config: PublicConfig; escrow: string; escrowKey: string | null; claims: AppClaims }) {
  const [run, setRun] = useState<Run>({ state: 'idle' });
  const fromBlock = config.escrowDeploymentBlock ?? 0;
  const start = async () => {
    if (!escrowKey) return;
    setRun({ state: 'running' });
    try {
      const reads = await readEscrowFromBrowser(config.rpcUrl, escrow, escrowKey, fromBlock);
      setRun({ state: 'done', rows: compareReads(reads, claims), head: reads.head });
    } catch (e) {
      setRun({ state: 'failed', error: (e as { shortMessage?: string }).shortMessage ?? (e as Error).message ?? String(e) });
    }
  };
  const calls = escrowKey ? [
    `TaskEscrow(${escrow}).getEscrow(${escrowKey})`,
    `TaskEscrow(${escrow}).remainingOf(${escrowKey})`,
    `eth_getLogs({ address: ${escrow}, fromBlock: ${fromBlock}, toBlock: "latest",\n  topics: [[TaskFunded, RewardReleased, TaskRefunded], ${escrowKey}] })`,
  ] : [];
  const differ = run.state === 'done' ? run.rows.filter((r) => !r.match).length : 0;
  return (
    <Stack gap="3" data-testid="verify-yourself">
      <Heading as="h2" size="md">Verify it yourself</Heading>
      {!escrowKey ? (
        <Text fontSize="sm" color="gray.700">There is no escrow key to read yet: the task is not funded.</Text>
      ) : (
        <>
          <Text fontSize="sm">
            Every figure on this page can be read from the chain without trusting this app. These are the read calls; the button
            sends them from your browser straight to the chain's public RPC, <Code fontSize="xs" wordBreak="break-all">{config.rpcUrl}</Code>, not to our server.
          </Text>
          <Code as="pre" display="block" whiteSpace="pre-wrap" wordBreak="break-all" fontSize="xs" p="3" bg="gray.100" borderRadius="md" data-testid="read-calls">
            {calls.join('\n')}
          </Code>
          <Box>
            <Button size="sm" onClick={() => void start()} loading={run.state === 'running'} loadingText="Reading the chain…">
              Run the read calls in my browser
            </Button>
          </Box>
          {run.state === 'failed' && (
            <AlertRoot status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>Your browser could not read the chain at {config.rpcUrl}: {run.error}</Alert.Title>
            </AlertRoot>
          )}
          {run.state === 'done' && (
            <Stack gap="2">
              <Text role="status" fontWeight="semibold" color={differ ? 'red.700' : 'green.800'}>
                {differ ? `${differ} of ${run.rows.length} figures differ from what the app claims` : `All ${run.rows.length} figures match what the app claims`} (read at block {run.head}).
              </Text>
              <SimpleGrid columns={{ base: 1, lg: 2 }} gap="2" as="ul" aria-label="Figures read by your browser next to the app's claims" listStyleType="none">
                {run.rows.map((r) => (
                  <Card.Root as="li" key={r.call} size="sm" data-figure={r.call} borderColor={r.match ? undefined : 'red.500'}>
                    <Card.Body gap="1" fontSize="sm">
                      <HStack justify="space-between" gap="2">
                        <Text fontWeight="semibold">{r.figure}</Text>
                        <Badge colorPalette={r.match ? 'green' : 'red'}>{r.match ? 'Match' : 'Mismatch'}</Badge>
                      </HStack>
                      <Code fontSize="xs" bg="transparent" px="0">{r.call}</Code>
                      <Text overflowWrap="anywhere">Your browser read: <strong data-side="browser">{r.browser}</strong></Text>
                      <Text overflowWrap="anywhere">The app claims: <strong data-side="api">{r.api}</strong></Text>
                    </Card.Body>
                  </Card.Root>
                ))}
              </SimpleGrid>
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}
