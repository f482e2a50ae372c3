import { Badge, Table, Text } from '@chakra-ui/react';
import type { User } from '@/types/api';
import { TableRoot } from '@/components/ui/table';
import { ChainRef } from '@/components/chain-ref';

/** Users: ID, username, email, wallet (ChainRef: full value, copy, explorer link; or "Not connected"), role. */
export function UsersTable({ users }: { users: User[] }) {
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md">
      <TableRoot size="sm" aria-label="Users">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>ID</Table.ColumnHeader>
            <Table.ColumnHeader>Username</Table.ColumnHeader>
            <Table.ColumnHeader>Email</Table.ColumnHeader>
            <Table.ColumnHeader>Wallet</Table.ColumnHeader>
            <Table.ColumnHeader>Role</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {users.map((u) => (
            <Table.Row key={u.id}>
              <Table.Cell>{u.id}</Table.Cell>
              <Table.Cell>{u.username ?? '—'}</Table.Cell>
              <Table.Cell>{u.email ?? '—'}</Table.Cell>
              <Table.Cell>
                {!u.walletAddress ? (
                  <Text color="gray.700">Not connected</Text>
                ) : (
                  <ChainRef kind="address" value={u.walletAddress} label={`Wallet of ${u.username ?? `user ${u.id}`}`} />
                )}
              </Table.Cell>
              <Table.Cell>
                <Badge colorPalette={u.isAdmin ? 'purple' : 'gray'}>{u.isAdmin ? 'Admin' : 'User'}</Badge>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </TableRoot>
    </Table.ScrollArea>
  );
}
