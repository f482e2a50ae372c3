import { Badge, Button } from '@chakra-ui/react';
import { formatDate } from '@/lib/dates';
import { submissionStatusLook } from '@/lib/submission-status';
import type { AdminSubmissionRow } from '../types';
import { DataTable, type DataColumn } from '@/components/ui/data-table';

/** Submissions: ID, task, user, status, date, Review (opens the review dialog). */
export function SubmissionsTable({ rows, onReview, label }: { rows: AdminSubmissionRow[]; onReview(id: number): void; label: string }) {
  const columns: DataColumn<AdminSubmissionRow>[] = [
    { header: 'ID', cell: (s) => s.id },
    { header: 'Task', cell: (s) => s.taskTitle || `Task #${s.taskId}` },
    { header: 'User', cell: (s) => s.username || `User #${s.userId}` },
    { header: 'Status', cell: (s) => <Badge colorPalette={submissionStatusLook(s.status).color}>{submissionStatusLook(s.status).label}</Badge> },
    { header: 'Date', cell: (s) => formatDate(s.createdAt), nowrap: true },
    {
      header: 'Actions',
      hideHeader: true,
      cell: (s) => <Button size="xs" variant="outline" onClick={() => onReview(s.id)} aria-label={`Review submission ${s.id}`}>Review</Button>,
    },
  ];
  return <DataTable label={label} rows={rows} columns={columns} rowKey={(s) => s.id} rowTestId={(s) => `admin-submission-${s.id}`} />;
}
