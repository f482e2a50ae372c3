import { useEffect, useMemo, useState } from 'react';
import { Badge, Box, Button, Checkbox, Dialog, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { CheckboxRoot } from '@/components/ui/checkbox';
import { DialogFrame } from '@/components/ui/dialog';
import { formatCent } from '@/lib/money';
import { useAdminDashboardQuery } from '../api';
import { cautionOf, defaultPick, pickedTotals, riskLevel } from '../approve-selection';
import type { AdminSubmissionRow } from '../types';

/** The most pending submissions one run takes (the server's ADMIN_BULK_LIMIT and the dashboard's page limit). */
const MAX_RUN = 500;

const CAUTION_TEXT = { 'ai-rejected': 'AI: Rejected', 'high-risk': 'AI: high risk' } as const;

/**
 * "Manual Approve All" asks first: which pending submissions, how many, how much CENT they release. Submissions
 * the AI recommended rejecting or rated high risk are left out unless the admin includes them (issue 21: one
 * click had paid a submission the AI had just rejected). Confirming sends exactly the picked ids.
 */
export function ApproveAllDialog({ onConfirm, onClose }: { onConfirm(ids: number[]): void; onClose(): void }) {
  const q = useAdminDashboardQuery({ limit: MAX_RUN, offset: 0, status: 'pending' });
  const rows = useMemo(() => q.data?.submissions ?? [], [q.data]);
  const [includeCautioned, setIncludeCautioned] = useState(false);
  const [picked, setPicked] = useState<Set<number> | null>(null);
  // The default pick is made once the list has arrived; toggling "include" resets it to the new default.
  useEffect(() => {
    if (q.data && picked === null) setPicked(defaultPick(rows, includeCautioned));
  }, [q.data, rows, picked, includeCautioned]);
  const chosen = picked ?? new Set<number>();
  const cautioned = rows.filter((r) => cautionOf(r) !== null).length;
  const { count, totalCent } = pickedTotals(rows, chosen);
  const toggle = (id: number, on: boolean) =>
    setPicked((p) => {
      const next = new Set(p ?? []);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const confirm = () => onConfirm(rows.filter((r) => chosen.has(r.id)).map((r) => r.id));

  return (
    <DialogFrame onClose={onClose} placement="center" size={{ base: 'full', md: 'lg' }} scrollBehavior="inside">
      <Dialog.Header>
        <Dialog.Title>Approve pending submissions</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        {!q.data ? (
          <Spinner aria-label="Loading pending submissions" />
        ) : rows.length === 0 ? (
          <Text>No pending submissions.</Text>
        ) : (
          <Stack gap="4">
            <Text data-testid="approve-all-summary" fontWeight="medium">
              Approve {count} {count === 1 ? 'submission' : 'submissions'} and release {formatCent(totalCent)} CENTS from escrow?
            </Text>
            {cautioned > 0 && (
              <CheckboxRoot
                checked={includeCautioned}
                onCheckedChange={(e) => {
                  const on = e.checked === true;
                  setIncludeCautioned(on);
                  setPicked(defaultPick(rows, on));
                }}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>Include AI-rejected and high-risk submissions ({cautioned})</Checkbox.Label>
              </CheckboxRoot>
            )}
            {q.data.page.totals.submissions > rows.length && (
              <Text fontSize="sm" color="gray.700">
                Showing the newest {rows.length} of {q.data.page.totals.submissions} pending submissions; run again for the rest.
              </Text>
            )}
            <Stack as="ul" aria-label="Pending submissions" listStyleType="none" gap="2" m="0" p="0">
              {rows.map((r) => (
                <PendingRow key={r.id} row={r} checked={chosen.has(r.id)} onChange={(on) => toggle(r.id, on)} />
              ))}
            </Stack>
          </Stack>
        )}
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={confirm} disabled={count === 0}>
          Approve {count} ({formatCent(totalCent)} CENTS)
        </Button>
      </Dialog.Footer>
    </DialogFrame>
  );
}

function PendingRow({ row, checked, onChange }: { row: AdminSubmissionRow; checked: boolean; onChange(on: boolean): void }) {
  const caution = cautionOf(row);
  const v = row.aiValidation;
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p="3" data-testid={`approve-row-${row.id}`}>
      <CheckboxRoot checked={checked} onCheckedChange={(e) => onChange(e.checked === true)} alignItems="flex-start" w="full">
        <Checkbox.HiddenInput aria-label={`Approve submission ${row.id}`} />
        <Checkbox.Control mt="0.5" />
        <Stack gap="1" flex="1" minW="0">
          <HStack justify="space-between" gap="2" wrap="wrap">
            <Text fontWeight="medium">
              #{row.id} · {row.taskTitle || `Task #${row.taskId}`}
            </Text>
            <Text whiteSpace="nowrap">{formatCent(row.taskReward)} CENTS</Text>
          </HStack>
          <HStack gap="2" wrap="wrap" fontSize="sm" color="gray.700">
            <Text>{row.username || `User #${row.userId}`}</Text>
            {v ? (
              <Badge colorPalette={caution ? 'red' : 'green'}>
                {caution ? CAUTION_TEXT[caution] : `AI: Approved, ${riskLevel(v.riskLevel)} risk`}
                {v.qualityScore != null ? ` · ${v.qualityScore}/100` : ''}
              </Badge>
            ) : (
              <Badge colorPalette="gray">Not analyzed</Badge>
            )}
          </HStack>
          {row.notes && (
            <Text fontSize="sm" color="gray.700" lineClamp={2}>
              {row.notes}
            </Text>
          )}
        </Stack>
      </CheckboxRoot>
    </Box>
  );
}
