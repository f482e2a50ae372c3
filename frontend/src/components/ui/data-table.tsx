import type { ReactNode } from 'react';
import { Box, Card, Stack, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { TableRoot } from './table';

export interface DataColumn<T> {
  header: string;
  cell(row: T): ReactNode;
  /** The header is only for screen readers (an actions column); on a phone the cell stands alone at the card's foot. */
  hideHeader?: boolean;
  nowrap?: boolean;
}

/**
 * Rows as a table where there is room, as one card per row on a phone (a wide table there scrolls sideways and
 * hides its last columns). Both come from the same columns, so they never disagree; only one is displayed.
 */
export function DataTable<T>({ label, rows, columns, rowKey, rowTestId }: {
  label: string;
  rows: T[];
  columns: DataColumn<T>[];
  rowKey(row: T): string | number;
  /** A test id on the table row (the desktop form). */
  rowTestId?(row: T): string;
}) {
  const shown = columns.filter((c) => !c.hideHeader);
  const footer = columns.filter((c) => c.hideHeader);
  return (
    <>
      <Table.ScrollArea borderWidth="1px" borderRadius="md" display={{ base: 'none', md: 'block' }}>
        <TableRoot size="sm" aria-label={label}>
          <Table.Header>
            <Table.Row>
              {columns.map((c) => (
                // relative: a hidden label stays inside the scroll area (else it widens the page on phones)
                <Table.ColumnHeader key={c.header} position={c.hideHeader ? 'relative' : undefined}>
                  {c.hideHeader ? <VisuallyHidden>{c.header}</VisuallyHidden> : c.header}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((r) => (
              <Table.Row key={rowKey(r)} data-testid={rowTestId?.(r)}>
                {columns.map((c) => (
                  <Table.Cell key={c.header} whiteSpace={c.nowrap ? 'nowrap' : undefined}>{c.cell(r)}</Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </TableRoot>
      </Table.ScrollArea>
      <Stack as="ul" aria-label={label} gap="3" listStyleType="none" m="0" p="0" display={{ base: 'flex', md: 'none' }}>
        {rows.map((r) => (
          <Card.Root as="li" size="sm" key={rowKey(r)}>
            <Card.Body gap="2">
              <Box as="dl" display="grid" gridTemplateColumns="auto 1fr" columnGap="3" rowGap="1" fontSize="sm">
                {shown.map((c) => (
                  <Box key={c.header} display="contents">
                    <Text as="dt" color="gray.700">{c.header}</Text>
                    <Box as="dd" m="0" minW="0" overflowWrap="anywhere">{c.cell(r)}</Box>
                  </Box>
                ))}
              </Box>
              {footer.map((c) => (
                <Box key={c.header}>{c.cell(r)}</Box>
              ))}
            </Card.Body>
          </Card.Root>
        ))}
      </Stack>
    </>
  );
}
