import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import { chainUnreachableText } from '@/lib/escrow/chain-status';
import { useTaskEscrowQuery } from '@/lib/escrow/escrow-api';
import { PAYOUT_STAGES, payoutProgress } from '@/lib/escrow/payout-stage';
import type { Submission } from '@/types/api';
import { ChainRef } from '@/components/chain-ref';

/** While a payout is not final its status is re-read this often (the chain moves without telling us). */
const FOLLOW_MS = 3000;

/**
 * The payout of an approved submission: Requested → Sent (tx link) → Confirmed → Final, or Failed with its
 * reason. Reads the submission's own status and the task's escrow audit view (for finality).
 */
export function PayoutStatus({ submission }: { submission: Pick<Submission, 'id' | 'taskId' | 'status' | 'payoutStatus' | 'payoutError' | 'transactionHash'> }) {
  const approved = submission.status === 'approved';
  const escrow = useTaskEscrowQuery(submission.taskId, { skip: !approved });
  const row = escrow.data?.payouts.find((p) => p.submissionId === submission.id) ?? null;
  const progress = payoutProgress(submission.payoutStatus ?? row?.payoutStatus ?? null, submission.payoutError, row);
  const done = progress.kind === 'failed' || (progress.kind === 'stage' && progress.stage === 'Final');
  useTaskEscrowQuery(submission.taskId, { skip: !approved || done, pollingInterval: FOLLOW_MS });
  const txHash = submission.transactionHash ?? row?.txHash ?? null;
  if (!approved || progress.kind === 'none') return null;
  const unreachable = chainUnreachableText(escrow.data);
  return (
    <Stack gap="1" data-testid="payout-status">
      <Text fontSize="sm" fontWeight="semibold">
        Payout
      </Text>
      {progress.kind === 'failed' ? (
        <Text fontSize="sm" color="red.700">
          <Badge colorPalette="red" mr="2">Failed</Badge>
          {progress.reason}
        </Text>
      ) : (
        <HStack gap="1" wrap="wrap" aria-label={`Payout ${progress.stage.toLowerCase()}`}>
          {PAYOUT_STAGES.map((stage, i) => (
            <Badge key={stage} variant={i <= progress.index ? 'subtle' : 'outline'} colorPalette={i <= progress.index ? 'green' : 'gray'}
              aria-current={i === progress.index ? 'step' : undefined}>
              {stage}
            </Badge>
          ))}
        </HStack>
      )}
      {unreachable && (
        <Text fontSize="sm" role="status" color="orange.800">
          {unreachable}
        </Text>
      )}
      {txHash && (
        <Text fontSize="sm">
          Transaction: <ChainRef kind="tx" value={txHash} />
        </Text>
      )}
    </Stack>
  );
}
