import { useState } from 'react';
import { Button, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { Pager } from '@/components/pager';
import { toaster } from '@/components/ui/toaster';
import { errorText } from '@/lib/http-error';
import { useAdminDashboardQuery, useBulkApproveMutation, useBulkValidateMutation } from '../api';
import { bulkApproveText, bulkValidateText } from '../texts';
import type { BulkValidateResult } from '../types';
import { AiResults, type AiResultRow } from './ai-results';
import { ApproveAllDialog } from './approve-all-dialog';
import { SubmissionsTable } from './submissions-table';
import { ProgressRoot } from '@/components/ui/progress';

const PAGE = 50;

/**
 * Submissions: the server-paged table, AI Analyze All / AI Auto-Approve / Manual Approve All (each one request,
 * disabled when nothing is pending or while a run is in progress) and Show/Hide AI Results.
 */
export function SubmissionsTab({ pending, onReview }: { pending: number; onReview(id: number): void }) {
  const [offset, setOffset] = useState(0);
  const q = useAdminDashboardQuery({ limit: PAGE, offset });
  const [validate, validating] = useBulkValidateMutation();
  const [approveAll, approving] = useBulkApproveMutation();
  const [running, setRunning] = useState<null | 'analyze' | 'auto' | 'manual'>(null);
  const [showAi, setShowAi] = useState(false);
  const [lastRun, setLastRun] = useState<{ results: BulkValidateResult[]; summary: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const busy = running !== null || validating.isLoading || approving.isLoading;

  const runValidate = async (autoApprove: boolean) => {
    setRunning(autoApprove ? 'auto' : 'analyze');
    try {
      const r = await validate({ autoApprove }).unwrap();
      setLastRun({ results: r.results, summary: r.autoApproval.summary });
      setShowAi(true);
      toaster.create({ type: 'success', title: 'AI Analysis Complete', description: bulkValidateText(r, autoApprove) });
    } catch (e) {
      toaster.create({ type: 'error', title: 'AI Validation Failed', description: errorText(e, 'Unknown error occurred') });
    } finally {
      setRunning(null);
    }
  };

  const runApproveAll = async (submissionIds: number[]) => {
    setConfirming(false);
    setRunning('manual');
    try {
      const r = await approveAll({ submissionIds }).unwrap();
      // The panel shows the stored validations with each submission's decision now, not the run's stale verdicts.
      setLastRun(null);
      const { text, destructive } = bulkApproveText(r);
      toaster.create({ type: destructive ? 'error' : 'success', title: 'Bulk Approval Complete', description: text });
    } catch (e) {
      toaster.create({ type: 'error', title: 'Bulk Approval Failed', description: errorText(e, 'Unknown error occurred') });
    } finally {
      setRunning(null);
    }
  };

  // Without a run in this visit, the AI results are the validations stored on the listed submissions.
  const listed = q.data?.submissions ?? [];
  const stored: AiResultRow[] = listed
    .filter((s) => s.aiValidation)
    .map((s) => ({ submissionId: s.id, taskTitle: s.taskTitle ?? `Task #${s.taskId}`, validation: s.aiValidation!, status: s.status ?? 'pending' }));
  const statusOf = new Map(listed.map((s) => [s.id, s.status ?? 'pending']));
  const fresh: AiResultRow[] | null = lastRun ? lastRun.results.map((r) => ({ ...r, status: statusOf.get(r.submissionId) })) : null;

  return (
    <Stack gap="4">
      <HStack gap="2" wrap="wrap">
        <Button onClick={() => void runValidate(false)} disabled={busy || pending === 0} loading={running === 'analyze'}>AI Analyze All</Button>
        <Button onClick={() => void runValidate(true)} disabled={busy || pending === 0} loading={running === 'auto'}>AI Auto-Approve</Button>
        <Button variant="outline" onClick={() => setConfirming(true)} disabled={busy || pending === 0} loading={running === 'manual'}>Manual Approve All</Button>
        <Button variant="ghost" onClick={() => setShowAi((v) => !v)} aria-expanded={showAi}>{showAi ? 'Hide AI Results' : 'Show AI Results'}</Button>
      </HStack>
      {running && (
        <Stack gap="1" role="status">
          <Text fontSize="sm">
            {running === 'manual'
              ? 'Approving the chosen submissions; their payouts are batched on chain...'
              : `Analyzing ${pending} pending submissions${running === 'auto' ? ' and approving the eligible ones' : ''}...`}
          </Text>
          <ProgressRoot value={null} size="xs" aria-label="Run in progress">
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </ProgressRoot>
        </Stack>
      )}
      {confirming && <ApproveAllDialog onConfirm={(ids) => void runApproveAll(ids)} onClose={() => setConfirming(false)} />}
      {showAi && <AiResults results={fresh ?? stored} summary={lastRun?.summary ?? null} />}
      {q.data && (
        <>
          <SubmissionsTable rows={q.data.submissions} onReview={onReview} label="Submissions" />
          <Pager label="Submission pages" offset={offset} limit={PAGE} total={q.data.page.totals.submissions} onOffset={setOffset} />
        </>
      )}
    </Stack>
  );
}
