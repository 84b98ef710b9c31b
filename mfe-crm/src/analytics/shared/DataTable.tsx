import { Button, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { downloadCsv, toCsv, type CsvColumn } from 'shared-kernel/kit';
import { useTexts } from '../texts';

export interface DataColumn<T> {
  key: string;
  title: string;
  /** the raw value (CSV: numbers in euros / units, decimal comma) */
  value: (row: T) => string | number | null;
  /** how the table shows it (default the value) */
  render?: (row: T) => React.ReactNode;
  align?: 'left' | 'right';
}

/** The table of a chart's numbers, with its CSV export (';', UTF-8 BOM, decimal comma: shared-kernel/kit). */
export function DataTable<T>({
  rows,
  columns,
  rowKey,
  caption,
  filename,
  summary,
  empty,
}: {
  rows: T[];
  columns: DataColumn<T>[];
  rowKey: (row: T) => string | number;
  caption: string;
  filename: string;
  summary?: T;
  empty?: string;
}) {
  const t = useTexts();
  const csvColumns: CsvColumn<T>[] = columns.map((c) => ({ title: c.title, value: c.value }));
  const antColumns: ColumnsType<T> = columns.map((c) => ({
    key: c.key,
    title: c.title,
    align: c.align,
    render: (_: unknown, row: T) => (c.render ? c.render(row) : c.value(row)),
  }));
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 8 }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
        <h2 style={{ margin: 0, fontSize: 16 }}>{caption}</h2>
        <Button disabled={rows.length === 0} onClick={() => downloadCsv(filename, toCsv(summary ? [...rows, summary] : rows, csvColumns))}>
          {t.exportCsv}
        </Button>
      </div>
      <Table<T>
        size="small"
        rowKey={rowKey}
        columns={antColumns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: empty ?? t.empty }}
        summary={
          summary && rows.length
            ? () => (
                <Table.Summary.Row>
                  {columns.map((c, i) => (
                    <Table.Summary.Cell key={c.key} index={i} align={c.align}>
                      <strong>{c.render ? c.render(summary) : c.value(summary)}</strong>
                    </Table.Summary.Cell>
                  ))}
                </Table.Summary.Row>
              )
            : undefined
        }
      />
    </div>
  );
}

/** Cents → euros for the CSV (decimal comma added by the kit). */
export const euros = (cents: number | null) => (cents === null ? null : cents / 100);
