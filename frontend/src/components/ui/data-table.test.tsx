import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithApp } from '@/testing/render';
import { DataTable } from './data-table';

type Row = { id: number; name: string };
const columns = [
  { header: 'ID', cell: (r: Row) => r.id },
  { header: 'Name', cell: (r: Row) => r.name },
  { header: 'Actions', hideHeader: true, cell: (r: Row) => <button type="button">Open {r.name}</button> },
];

describe('DataTable', () => {
  it('gives the same rows as a table (desktop) and as labelled cards (phone)', () => {
    renderWithApp(<DataTable label="People" rows={[{ id: 1, name: 'Ada' }, { id: 2, name: 'Bo' }]} columns={columns} rowKey={(r) => r.id} rowTestId={(r) => `person-${r.id}`} />);
    // jsdom applies no media query: it is the narrowest screen, where the table is hidden and the cards show.
    expect(screen.queryByRole('table', { name: 'People' })).toBeNull();
    const table = screen.getByRole('table', { name: 'People', hidden: true });
    expect(within(table).getAllByRole('columnheader', { hidden: true }).map((h) => h.textContent)).toEqual(['ID', 'Name', 'Actions']);
    expect(screen.getByTestId('person-2').textContent).toBe('2BoOpen Bo');
    const cards = within(screen.getByRole('list', { name: 'People' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    // Each card names its values; the actions column has no label there, only its content.
    expect(within(cards[0]).getAllByRole('term').map((t) => t.textContent)).toEqual(['ID', 'Name']);
    expect(within(cards[0]).getAllByRole('definition').map((d) => d.textContent)).toEqual(['1', 'Ada']);
    expect(within(cards[1]).getByRole('button', { name: 'Open Bo' })).toBeTruthy();
  });
});
