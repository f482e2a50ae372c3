import { useState } from 'react';
import { Badge, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { formatDeadline } from '@/lib/dates';
import { formatCent } from '@/lib/money';
import type { Task } from '@/types/api';
import { useMyCreatedTasksQuery } from '../api';
import { fundingTerms } from '../funding/funding-terms';
import { FundTaskDialog } from './fund-task-dialog';

/**
 * The creator's tasks whose escrow is not funded (abandoned, rejected in the wallet or failed), each with
 * a Fund action. Anomalies are listed with the server's explanation and recovery.
 */
export function AwaitingFundingList() {
  const mine = useMyCreatedTasksQuery();
  const [funding, setFunding] = useState<Task | null>(null);
  const waiting = (mine.data ?? []).filter((t) => {
    const status = fundingTerms(t, null)?.status ?? t.fundingStatus;
    return status === 'awaiting_funding' || status === 'anomaly';
  });
  // The dialog outlives the list, at the same place in the tree: once the funding is seen the task leaves
  // the list (often the last one), and the person must still see "Funded" and press Done.
  const dialog = funding && <FundTaskDialog task={funding} onClose={() => setFunding(null)} />;
  return (
    <>
      {waiting.length > 0 && (
        <Card.Root as="section" aria-labelledby="awaiting-funding-title" borderColor="orange.300" bg="orange.50">
          <Card.Body gap="3">
            <Text as="h2" id="awaiting-funding-title" fontWeight="bold" fontSize="lg">
              Your tasks awaiting funding
            </Text>
            <Text fontSize="sm" color="gray.700">
              These tasks are saved but not listed until their reward is escrowed on chain.
            </Text>
            <Stack gap="2">
              {waiting.map((t) => {
                const terms = fundingTerms(t, null);
                return (
                  <HStack key={t.id} justify="space-between" bg="white" p="3" rounded="md" borderWidth="1px" wrap="wrap" gap="2">
                    <Stack gap="0">
                      <Text fontWeight="semibold">{t.title}</Text>
                      <Text fontSize="sm" color="gray.600">
                        {formatCent(t.reward)} CENTS × {t.maxCompletions} · deadline {formatDeadline(t.deadline)}
                      </Text>
                      {terms?.anomalies.map((a, i) => (
                        <Text key={i} fontSize="sm" color="red.700">
                          {a.reason} {a.recovery}
                        </Text>
                      ))}
                    </Stack>
                    <HStack>
                      {terms?.status === 'anomaly' && <Badge colorPalette="red">Needs attention</Badge>}
                      <Button size="sm" onClick={() => setFunding(t)} aria-label={`Fund ${t.title}`}>
                        Fund
                      </Button>
                    </HStack>
                  </HStack>
                );
              })}
            </Stack>
          </Card.Body>
        </Card.Root>
      )}
      {dialog}
    </>
  );
}
