import { Badge, Text } from '@chakra-ui/react';
import type { User } from '@/types/api';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { ChainRef } from '@/components/chain-ref';

const COLUMNS: DataColumn<User>[] = [
  { header: 'ID', cell: (u) => u.id },
  { header: 'Username', cell: (u) => u.username ?? '—' },
  { header: 'Email', cell: (u) => u.email ?? '—' },
  {
    header: 'Wallet',
    cell: (u) => (!u.walletAddress
      ? <Text color="gray.700">Not connected</Text>
      : <ChainRef kind="address" value={u.walletAddress} label={`Wallet of ${u.username ?? `user ${u.id}`}`} />),
  },
  { header: 'Role', cell: (u) => <Badge colorPalette={u.isAdmin ? 'purple' : 'gray'}>{u.isAdmin ? 'Admin' : 'User'}</Badge> },
];

/** Users: ID, username, email, wallet (ChainRef: full value, copy, explorer link; or "Not connected"), role. */
export function UsersTable({ users }: { users: User[] }) {
  return <DataTable label="Users" rows={users} columns={COLUMNS} rowKey={(u) => u.id} />;
}
