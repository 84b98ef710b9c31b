import { STOCK_KIND_LABELS, STOCK_MOVEMENT_KINDS, type StockMovementDto } from 'shared-kernel/contracts';
import { formatDateTime } from 'shared-kernel/domain';
import { RowLink, type ColumnsFor } from 'shared-kernel/kit';
import type { movementsList } from '../list/filters';
import { texts as t } from '../texts';

export const movementColumns: ColumnsFor<StockMovementDto, typeof movementsList> = [
  { key: 'occurredAt', title: t.date, dataIndex: 'occurredAt', sortKey: 'occurredAt', render: (d: string) => formatDateTime(d) },
  {
    key: 'format',
    title: t.product,
    dataIndex: 'formatLabel',
    cardTitle: true,
    render: (label: string, m: StockMovementDto) => <RowLink to={`/dashboard/stocks/${m.formatId}`}>{label}</RowLink>,
  },
  {
    key: 'kind',
    title: t.kind,
    dataIndex: 'kind',
    filterKey: 'kind',
    filterOptions: STOCK_MOVEMENT_KINDS.map((k) => ({ value: k, label: STOCK_KIND_LABELS[k] })),
    render: (k: StockMovementDto['kind']) => STOCK_KIND_LABELS[k] ?? k,
    csv: (m) => STOCK_KIND_LABELS[m.kind] ?? m.kind,
  },
  { key: 'warehouse', title: t.warehouse, dataIndex: 'warehouseName' },
  {
    key: 'quantity',
    title: t.quantity,
    dataIndex: 'quantity',
    sortKey: 'quantity',
    align: 'right',
    render: (q: number) => <span style={{ color: q < 0 ? '#cf1322' : '#389e0d' }}>{q > 0 ? `+${q}` : q}</span>,
  },
  { key: 'reason', title: t.reason, dataIndex: 'reason', render: (r: string | null) => r ?? '—' },
  { key: 'user', title: t.user, dataIndex: 'userName', hideOnCard: true, render: (u: string | null) => u ?? '—' },
];
