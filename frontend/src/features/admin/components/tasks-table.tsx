import { Badge, HStack, Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { formatCent } from '@/lib/money';
import { taskStatusBadge } from '@/lib/task-status';
import type { AdminTaskRow } from '../types';
import { TableRoot } from '@/components/ui/table';

/** Tasks: ID, title, creator, reward, Active or Closed, completions / maxCompletions. */
export function TasksTable({ tasks, taskAction }: { tasks: AdminTaskRow[]; taskAction?(task: AdminTaskRow): ReactNode }) {
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md">
      <TableRoot size="sm" aria-label="Tasks">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>ID</Table.ColumnHeader>
            <Table.ColumnHeader>Title</Table.ColumnHeader>
            <Table.ColumnHeader>Creator</Table.ColumnHeader>
            <Table.ColumnHeader>Reward</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader>Completions</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {tasks.map((t) => (
            <Table.Row key={t.id}>
              <Table.Cell>{t.id}</Table.Cell>
              <Table.Cell>{t.title}</Table.Cell>
              <Table.Cell>{t.creatorUsername ?? `User #${t.creatorId}`}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{formatCent(t.reward)} CENTS</Table.Cell>
              <Table.Cell>
                <HStack gap="2">
                  <Badge colorPalette={taskStatusBadge(t, 'Closed').palette}>{taskStatusBadge(t, 'Closed').label}</Badge>
                  {taskStatusBadge(t, 'Closed').needsFunding && taskAction?.(t)}
                </HStack>
              </Table.Cell>
              <Table.Cell>{t.completions} / {t.maxCompletions}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </TableRoot>
    </Table.ScrollArea>
  );
}
