import { Badge, Table, Text } from '@chakra-ui/react';
import { ExternalLink } from '@/components/ui/external-link';
import { usePublicConfig } from '@/lib/config/config-api';
import { shortAddress } from '@/lib/display-name';
import type { User } from '@/types/api';
import { TableRoot } from '@/components/ui/table';

/** Users: ID, username, email, wallet (explorer link or "Not connected"), role. */
export function UsersTable({ users }: { users: User[] }) {
  const explorer = usePublicConfig()?.explorerUrl?.replace(/\/$/, '') ?? null;
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
                ) : explorer ? (
                  <ExternalLink href={`${explorer}/address/${u.walletAddress}`} color="purple.700">{shortAddress(u.walletAddress)}</ExternalLink>
                ) : (
                  shortAddress(u.walletAddress)
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
