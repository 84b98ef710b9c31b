/** @jest-environment jsdom */
import { collectRows, csvCell, toCsv, CSV_BOM } from './csv';

interface Row {
  id: number;
  name: string;
  total: number;
  paid: boolean;
  note?: string | null;
}
const columns = [
  { title: 'N°', value: (r: Row) => r.id },
  { title: 'Client', value: (r: Row) => r.name },
  { title: 'Total TTC', value: (r: Row) => r.total },
  { title: 'Payée', value: (r: Row) => r.paid },
  { title: 'Note', value: (r: Row) => r.note },
];

describe('toCsv', () => {
  it("writes ';'-separated UTF-8 with a BOM, a decimal comma and Oui/Non", () => {
    const csv = toCsv<Row>(
      [
        { id: 1, name: 'Château d’Yquem', total: 1234.5, paid: true },
        { id: 2, name: 'Dupont; fils', total: -12, paid: false, note: 'dit "urgent"' },
      ],
      columns,
    );
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'N°;Client;Total TTC;Payée;Note',
      '1;Château d’Yquem;1234,5;Oui;',
      '2;"Dupont; fils";-12;Non;"dit ""urgent"""',
    ]);
  });

  it('neutralises cells a spreadsheet would run as a formula', () => {
    const csv = toCsv(
      [{ v: '=HYPERLINK("x")' }, { v: '+33 6 12' }, { v: '@SUM(A1)' }, { v: '-2+3' }, { v: '-12,5' }, { v: -12.5 }],
      [{ title: 'v', value: (r: { v: string | number }) => r.v }],
    );
    // a text is neutralised whatever follows its first character; only a number stays a number
    expect(csv.slice(1).split('\r\n').slice(1)).toEqual([
      `"'=HYPERLINK(""x"")"`,
      `"'+33 6 12"`,
      `"'@SUM(A1)"`,
      `"'-2+3"`,
      `"'-12,5"`,
      '-12,5',
    ]);
  });

  it('formats cells for French spreadsheets', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(0.1)).toBe('0,1');
    expect(csvCell(['a', 2.5])).toBe('a, 2,5');
    expect(csvCell(Number.NaN)).toBe('');
  });
});

describe('collectRows', () => {
  it('pages through the list at the largest page size until every row is there', async () => {
    const all = Array.from({ length: 230 }, (_, i) => i + 1);
    const fetchPage = jest.fn(async (q: { page: number; pageSize: number; status: string }) => ({
      items: all.slice((q.page - 1) * q.pageSize, q.page * q.pageSize),
      total: all.length,
      page: q.page,
      pageSize: q.pageSize,
    }));
    const r = await collectRows(fetchPage, { page: 3, pageSize: 20, status: 'pending' });
    expect(r).toEqual({ rows: all, total: 230, capped: false });
    expect(fetchPage.mock.calls.map((c) => c[0])).toEqual([1, 2, 3].map((page) => ({ page, pageSize: 100, status: 'pending' })));
  });

  it('stops at the cap and says so', async () => {
    const fetchPage = jest.fn(async (q: { page: number; pageSize: number }) => ({
      items: Array.from({ length: q.pageSize }, (_, i) => (q.page - 1) * q.pageSize + i),
      total: 1000,
      page: q.page,
      pageSize: q.pageSize,
    }));
    const r = await collectRows(fetchPage, { page: 1, pageSize: 20 }, 150);
    expect(r.rows).toHaveLength(150);
    expect(r.capped).toBe(true);
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });
});
