import { PURCHASE_ORDER_STATUS_LABELS, PURCHASE_ORDER_STATUSES, type PurchaseOrderListItem } from 'shared-kernel/contracts';
import { formatCents, formatDate } from 'shared-kernel/domain';
import { RowLink, type ColumnsFor } from 'shared-kernel/kit';
import { PurchaseStatusTag } from '../PurchaseStatusTag';
import { texts as t } from '../texts';
import type { purchasesList } from './filters';

export const purchaseColumns: ColumnsFor<PurchaseOrderListItem, typeof purchasesList> = [
  {
    key: 'number',
    title: t.number,
    dataIndex: 'number',
    sortKey: 'number',
    cardTitle: true,
    render: (n: string, o) => <RowLink to={`/dashboard/purchases/${o.id}`}>{n}</RowLink>,
  },
  { key: 'supplierName', title: t.supplier, dataIndex: 'supplierName' },
  {
    key: 'status',
    title: t.status,
    dataIndex: 'status',
    filterKey: 'status',
    filterOptions: PURCHASE_ORDER_STATUSES.map((s) => ({ value: s, label: PURCHASE_ORDER_STATUS_LABELS[s] })),
    render: (s: PurchaseOrderListItem['status']) => <PurchaseStatusTag status={s} />,
    csv: (o) => PURCHASE_ORDER_STATUS_LABELS[o.status],
  },
  {
    key: 'totalHT',
    title: t.totalHT,
    dataIndex: 'totalHTCents',
    sortKey: 'totalHT',
    align: 'right',
    render: (c: number) => formatCents(c),
    csv: (o) => (o.totalHTCents / 100).toFixed(2).replace('.', ','),
  },
  { key: 'warehouseName', title: t.warehouse, dataIndex: 'warehouseName', hideOnCard: true, render: (w: string | null) => w ?? '' },
  {
    key: 'expectedAt',
    title: t.expectedAt,
    dataIndex: 'expectedAt',
    hideOnCard: true,
    render: (d: string | null) => formatDate(d),
    csv: (o) => formatDate(o.expectedAt),
  },
  {
    key: 'createdAt',
    title: t.createdAt,
    dataIndex: 'createdAt',
    sortKey: 'createdAt',
    render: (d: string) => formatDate(d),
    csv: (o) => formatDate(o.createdAt),
  },
];
