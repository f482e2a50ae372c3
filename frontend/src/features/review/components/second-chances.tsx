import { useState } from 'react';
import { Alert, Box, Button, Field, Heading, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { AlertRoot } from '@/components/ui/alert';
import { toaster } from '@/components/ui/toaster';
import { useAppNow } from '@/lib/app-clock';
import { formatDate } from '@/lib/dates';
import { errorText } from '@/lib/http-error';
import { useAppealRejectionMutation, useResubmitProofMutation, type ReviewedSubmission } from '../api';

const FIELD_NAMES: Record<string, string> = { proofLink: 'link', proofText: 'text', proofFileUrl: 'file', notes: 'notes' };

/** "2 days 3 hours" / "45 minutes" until `iso` from `now` ("no time" once passed). */
export function timeLeft(iso: string, now = Date.now()): string {
  const s = Math.max(0, Math.floor((Date.parse(iso) - now) / 1000));
  if (s === 0) return 'no time';
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const parts = [d && `${d} day${d === 1 ? '' : 's'}`, h && `${h} hour${h === 1 ? '' : 's'}`, !d && m && `${m} minute${m === 1 ? '' : 's'}`].filter(Boolean);
  return parts.length ? parts.join(' ') : 'less than a minute';
}

/** The revision history: each request (what was asked) and its resubmission (which fields changed). */
export function RevisionHistory({ submission: s }: { submission: ReviewedSubmission }) {
  if (!s.revisions?.length) return null;
  return (
    <Box as="section" aria-label="Revision history">
      <Heading as="h3" size="sm" mb="2">Revision history</Heading>
      <Stack as="ol" gap="2" listStyleType="none" m="0" p="0">
        {s.revisions.map((r) => (
          <Box as="li" key={r.round} borderWidth="1px" borderRadius="md" p="3" fontSize="sm">
            <Text fontWeight="semibold">Round {r.round}: changes requested {formatDate(r.requestedAt)}</Text>
            <Text whiteSpace="pre-wrap">{r.feedback}</Text>
            {r.resubmittedAt ? (
              <Text color="gray.700">
                Resubmitted {formatDate(r.resubmittedAt)}; changed: {r.changed.length ? r.changed.map((c) => FIELD_NAMES[c] ?? c).join(', ') : 'nothing'}
              </Text>
            ) : (
              <Text color="gray.700">Waiting for the revision (due {formatDate(r.resubmitBy)})</Text>
            )}
          </Box>
        ))}
      </Stack>
    </Box>
  );
}

/** The earner's form to revise their proof after changes were requested (same fields as a submission). */
export function ResubmitForm({ submission: s, onDone }: { submission: ReviewedSubmission; onDone(): void }) {
  const [link, setLink] = useState(s.proofLink ?? '');
  const [text, setText] = useState(s.proofText ?? '');
  const [notes, setNotes] = useState(s.notes ?? '');
  const [resubmit, state] = useResubmitProofMutation();
  // Time left on the app's clock (the one the expiry is decided on), not this browser's.
  const now = useAppNow().getTime();
  const onSubmit = async () => {
    try {
      await resubmit({ id: s.id, taskId: s.taskId, proofLink: link.trim() || null, proofText: text.trim() || null, proofFileUrl: s.proofFileUrl, notes: notes.trim() || null }).unwrap();
      toaster.create({ type: 'success', title: 'Revision submitted', description: 'Your revised proof is waiting for review again.' });
      onDone();
    } catch (e) {
      toaster.create({ type: 'error', title: 'Failed to resubmit', description: errorText(e, 'Unknown error occurred') });
    }
  };
  return (
    <Box as="form" aria-label="Revise and resubmit" onSubmit={(e: React.FormEvent) => { e.preventDefault(); void onSubmit(); }}>
      <Stack gap="3">
        <Heading as="h3" size="sm">Revise and resubmit</Heading>
        {s.resubmitBy && <Text fontSize="sm">Resubmit by {formatDate(s.resubmitBy)} ({timeLeft(s.resubmitBy, now)} left), or the submission is rejected.</Text>}
        <Field.Root>
          <Field.Label>Proof link</Field.Label>
          <Input value={link} onChange={(e) => setLink(e.target.value)} placeholder="https://…" />
        </Field.Root>
        <Field.Root>
          <Field.Label>Proof text</Field.Label>
          <Textarea value={text} onChange={(e) => setText(e.target.value)} rows={4} />
        </Field.Root>
        <Field.Root>
          <Field.Label>Notes for the reviewer</Field.Label>
          <Textarea value={notes} onChange={(e) => setNotes(e.target.value)} rows={2} />
        </Field.Root>
        <Button type="submit" loading={state.isLoading} alignSelf="flex-start">Resubmit</Button>
      </Stack>
    </Box>
  );
}

/** The earner's appeal of a rejection: whether a slot is free and the time left, then a message to the admins. */
export function AppealForm({ submission: s, onDone }: { submission: ReviewedSubmission; onDone(): void }) {
  const [message, setMessage] = useState('');
  const [appeal, state] = useAppealRejectionMutation();
  const now = useAppNow().getTime();
  if (!s.appealUntil) return null;
  const open = s.slotFree !== false && Date.parse(s.appealUntil) > now;
  const onAppeal = async () => {
    if (!message.trim()) {
      toaster.create({ type: 'error', title: 'Message required', description: 'Please explain why the rejection should be overturned.' });
      return;
    }
    try {
      await appeal({ id: s.id, taskId: s.taskId, message: message.trim() }).unwrap();
      toaster.create({ type: 'success', title: 'Appeal sent', description: 'The admins will decide; you will be notified.' });
      onDone();
    } catch (e) {
      toaster.create({ type: 'error', title: 'Failed to appeal', description: errorText(e, 'Unknown error occurred') });
    }
  };
  return (
    <Box as="section" aria-label="Appeal">
      <Stack gap="3">
        <Heading as="h3" size="sm">Appeal this rejection</Heading>
        <Text fontSize="sm">
          Once, to the admins (never the task&apos;s creator), until {formatDate(s.appealUntil)} ({timeLeft(s.appealUntil, now)} left).
        </Text>
        {s.slotFree === false ? (
          <AlertRoot status="warning">
            <Alert.Indicator />
            <Alert.Title>No slot is free on this task right now, so an appeal could not be paid: you can appeal if one frees up.</Alert.Title>
          </AlertRoot>
        ) : (
          <Text fontSize="sm" color="green.700">A slot is free: an open appeal holds it for you.</Text>
        )}
        <Field.Root>
          <Field.Label>Message to the admins</Field.Label>
          <Textarea value={message} onChange={(e) => setMessage(e.target.value)} rows={3} disabled={!open} />
        </Field.Root>
        <Button onClick={() => void onAppeal()} disabled={!open} loading={state.isLoading} alignSelf="flex-start" colorPalette="purple">
          Appeal
        </Button>
      </Stack>
    </Box>
  );
}
