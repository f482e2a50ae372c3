import { useState } from 'react';
import { Box, Button, Card, HStack, Spinner, Stack, Text, Textarea } from '@chakra-ui/react';
import { toaster } from '@/components/ui/toaster';
import { errorText } from '@/lib/http-error';
import { useDecideAppealMutation, useOpenAppealsQuery, type OpenAppeal } from '../api';

/** "1 day 4 hours" / "35 minutes" from seconds ("no time left" at 0). */
export function secondsLeft(s: number): string {
  if (s <= 0) return 'no time left';
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const parts = [d && `${d} day${d === 1 ? '' : 's'}`, h && `${h} hour${h === 1 ? '' : 's'}`, !d && m && `${m} minute${m === 1 ? '' : 's'}`].filter(Boolean);
  return `${parts.length ? parts.join(' ') : 'less than a minute'} left`;
}

/**
 * Issue 22: the admins' appeals queue. Undecided by its cut-off, an appeal is upheld automatically; the server
 * refuses a decision by the task's creator, the rejecting reviewer or the earner.
 */
export function AppealsTab() {
  const q = useOpenAppealsQuery();
  const [decide, state] = useDecideAppealMutation();
  if (q.isLoading) return <Spinner aria-label="Loading appeals" />;
  if (q.isError || !q.data) return <Text color="red.700">Failed to load appeals.</Text>;
  const onDecide = async (a: OpenAppeal, decision: 'upheld' | 'overturned', reason: string) => {
    try {
      await decide({ submissionId: a.submissionId, decision, reason: reason.trim() || null }).unwrap();
      toaster.create({ type: 'success', title: decision === 'upheld' ? 'Appeal declined' : 'Appeal overturned: approved and paid' });
    } catch (e) {
      toaster.create({ type: 'error', title: 'Failed to decide the appeal', description: errorText(e, 'Unknown error occurred') });
    }
  };
  return <AppealsList items={q.data.items} busy={state.isLoading} onDecide={(a, d, r) => void onDecide(a, d, r)} />;
}

export function AppealsList({ items, busy, onDecide }: { items: OpenAppeal[]; busy: boolean; onDecide(a: OpenAppeal, d: 'upheld' | 'overturned', reason: string): void }) {
  if (!items.length) return <Text color="gray.700">No open appeals.</Text>;
  return (
    <Stack as="ul" gap="3" listStyleType="none" m="0" p="0" aria-label="Open appeals">
      {items.map((a) => <AppealCard key={a.submissionId} appeal={a} busy={busy} onDecide={onDecide} />)}
    </Stack>
  );
}

function AppealCard({ appeal: a, busy, onDecide }: { appeal: OpenAppeal; busy: boolean; onDecide(a: OpenAppeal, d: 'upheld' | 'overturned', reason: string): void }) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  return (
    <Card.Root as="li" size="sm">
      <Card.Body>
        <Stack gap="2" fontSize="sm">
          <HStack justify="space-between" wrap="wrap">
            <Text fontWeight="semibold">{a.taskTitle} · submission #{a.submissionId}</Text>
            <Text color={a.timeLeftSeconds < 6 * 3600 ? 'red.700' : 'gray.700'}>{secondsLeft(a.timeLeftSeconds)}</Text>
          </HStack>
          <Text>By {a.username ?? `User ${a.userId}`}</Text>
          <Box><Text fontWeight="semibold">Rejected because</Text><Text whiteSpace="pre-wrap">{a.rejection}</Text></Box>
          <Box><Text fontWeight="semibold">Appeal</Text><Text whiteSpace="pre-wrap">{a.message}</Text></Box>
          <Textarea aria-label={`Reason for submission #${a.submissionId}`} value={reason} onChange={(e) => { setReason(e.target.value); setMissing(false); }}
            placeholder="Your reason (required to decline; shown to the earner)" rows={2} />
          {missing && <Text color="red.700">A reason is required to decline an appeal.</Text>}
          <HStack gap="2" wrap="wrap">
            <Button size="sm" variant="outline" colorPalette="red" disabled={busy}
              onClick={() => (reason.trim() ? onDecide(a, 'upheld', reason) : setMissing(true))}>Decline (uphold rejection)</Button>
            <Button size="sm" disabled={busy} onClick={() => onDecide(a, 'overturned', reason)}>Overturn (approve &amp; pay)</Button>
          </HStack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
