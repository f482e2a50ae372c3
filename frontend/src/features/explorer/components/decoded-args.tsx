import { Box, Code, Table, Text } from '@chakra-ui/react';
import { ChainRef } from '@/components/chain-ref';
import { TableRoot } from '@/components/ui/table';
import { formatBaseUnits } from '@/lib/money';
import type { ArgValue, DecodedArg } from '../types';

/** A decoded call's or event's arguments: name, type, value (addresses linked, CENT amounts in CENT). */
export function DecodedArgs({ args, label }: { args: DecodedArg[]; label: string }) {
  if (!args.length) return <Text fontSize="sm" color="gray.700">No arguments.</Text>;
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md">
      <TableRoot size="sm" aria-label={label}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Name</Table.ColumnHeader>
            <Table.ColumnHeader>Type</Table.ColumnHeader>
            <Table.ColumnHeader>Value</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {args.map((a) => (
            <Table.Row key={a.name}>
              <Table.Cell>{a.name}</Table.Cell>
              <Table.Cell><Code fontSize="xs">{a.type}</Code></Table.Cell>
              <Table.Cell data-arg={a.name}><ArgValueView arg={a} value={a.value as ArgValue} /></Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </TableRoot>
    </Table.ScrollArea>
  );
}

function ArgValueView({ arg, value }: { arg: DecodedArg; value: ArgValue }) {
  if (Array.isArray(value)) {
    return value.length ? (
      <Box as="ol" ps="5" listStyleType="decimal">
        {value.map((v, i) => <li key={i}><ArgValueView arg={{ ...arg, type: arg.type.replace(/\[\d*\]$/, '') }} value={v} /></li>)}
      </Box>
    ) : <Text as="span">[]</Text>;
  }
  if (typeof value === 'object') return <Code fontSize="xs" whiteSpace="pre-wrap">{JSON.stringify(value, null, 2)}</Code>;
  if (typeof value === 'boolean') return <Text as="span">{String(value)}</Text>;
  if (arg.type.startsWith('address')) return <ChainRef kind="address" value={value} />;
  if (arg.unit === 'CENT') return <Text as="span" title={`${value} base units`}>{formatBaseUnits(value)} CENT</Text>;
  return <Text as="span" fontFamily={value.startsWith('0x') ? 'mono' : undefined} overflowWrap="anywhere">{value}</Text>;
}
