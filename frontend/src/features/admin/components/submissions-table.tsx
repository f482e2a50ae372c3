import { Badge, Button, Table, VisuallyHidden } from '@chakra-ui/react';
import { formatDate } from '@/lib/dates';
import { submissionStatusLook } from '@/lib/submission-status';
import type { AdminSubmissionRow } from '../types';
import { TableRoot } from '@/components/ui/table';


/** Submissions: ID, task, user, status, date, Review (opens the review dialog). */
export function SubmissionsTable({ rows, onReview, label }: { rows: AdminSubmissionRow[]; onReview(id: number): void; label: string }) {
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md">
      <TableRoot size="sm" aria-label={label}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>ID</Table.ColumnHeader>
            <Table.ColumnHeader>Task</Table.ColumnHeader>
            <Table.ColumnHeader>User</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader>Date</Table.ColumnHeader>
            {/* relative: the hidden label stays inside the scroll area (else it widens the page on phones) */}
            <Table.ColumnHeader position="relative"><VisuallyHidden>Actions</VisuallyHidden></Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((s) => {
            const look = submissionStatusLook(s.status);
            return (
              <Table.Row key={s.id} data-testid={`admin-submission-${s.id}`}>
                <Table.Cell>{s.id}</Table.Cell>
                <Table.Cell>{s.taskTitle || `Task #${s.taskId}`}</Table.Cell>
                <Table.Cell>{s.username || `User #${s.userId}`}</Table.Cell>
                <Table.Cell><Badge colorPalette={look.color}>{look.label}</Badge></Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatDate(s.createdAt)}</Table.Cell>
                <Table.Cell>
                  <Button size="xs" variant="outline" onClick={() => onReview(s.id)} aria-label={`Review submission ${s.id}`}>Review</Button>
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </TableRoot>
    </Table.ScrollArea>
  );
}
