import { Badge, HStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { formatCent } from '@/lib/money';
import { taskStatusBadge } from '@/lib/task-status';
import type { AdminTaskRow } from '../types';
import { DataTable, type DataColumn } from '@/components/ui/data-table';

/** Tasks: ID, title, creator, reward, Active or Closed (with the Fund action where it awaits funding), completions. */
export function TasksTable({ tasks, taskAction }: { tasks: AdminTaskRow[]; taskAction?(task: AdminTaskRow): ReactNode }) {
  const columns: DataColumn<AdminTaskRow>[] = [
    { header: 'ID', cell: (t) => t.id },
    { header: 'Title', cell: (t) => t.title },
    { header: 'Creator', cell: (t) => t.creatorUsername ?? `User #${t.creatorId}` },
    { header: 'Reward', cell: (t) => `${formatCent(t.reward)} CENTS`, nowrap: true },
    {
      header: 'Status',
      cell: (t) => {
        const badge = taskStatusBadge(t, 'Closed');
        return (
          <HStack gap="2">
            <Badge colorPalette={badge.palette}>{badge.label}</Badge>
            {badge.needsFunding && taskAction?.(t)}
          </HStack>
        );
      },
    },
    { header: 'Completions', cell: (t) => `${t.completions} / ${t.maxCompletions}` },
  ];
  return <DataTable label="Tasks" rows={tasks} columns={columns} rowKey={(t) => t.id} />;
}
