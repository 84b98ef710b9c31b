import type { SupplierListItem } from 'shared-kernel/contracts';
import { formatDate, PAYMENT_DELAYS } from 'shared-kernel/domain';
import { RowLink, type ColumnsFor } from 'shared-kernel/kit';
import { texts as t } from '../texts';
import type { suppliersList } from './filters';

export const delayLabel = (v: string | null) => PAYMENT_DELAYS.find((d) => d.value === v)?.label ?? '';

export const supplierColumns: ColumnsFor<SupplierListItem, typeof suppliersList> = [
  {
    key: 'company',
    title: t.company,
    dataIndex: 'company',
    sortKey: 'company',
    cardTitle: true,
    render: (company: string, s) => <RowLink to={`/dashboard/suppliers/${s.id}`}>{company}</RowLink>,
  },
  { key: 'city', title: t.city, dataIndex: 'city', render: (c: string | null) => c ?? '' },
  { key: 'email', title: t.email, dataIndex: 'email' },
  { key: 'phone', title: t.phone, dataIndex: 'phone', hideOnCard: true },
  { key: 'siret', title: t.siret, dataIndex: 'siret', hideOnCard: true },
  {
    key: 'paymentDelay',
    title: t.paymentDelay,
    dataIndex: 'paymentDelay',
    hideOnCard: true,
    render: (v: string | null) => delayLabel(v),
    csv: (s) => delayLabel(s.paymentDelay),
  },
  {
    key: 'status',
    title: t.status,
    dataIndex: 'status',
    filterKey: 'status',
    filterOptions: [
      { value: 'active', label: t.statuses.active },
      { value: 'archived', label: t.statuses.archived },
    ],
    render: (s: SupplierListItem['status']) => t.statuses[s],
    csv: (s) => t.statuses[s.status],
  },
  {
    key: 'createdAt',
    title: t.createdAt,
    dataIndex: 'createdAt',
    sortKey: 'createdAt',
    hideOnCard: true,
    render: (d: string) => formatDate(d),
    csv: (s) => formatDate(s.createdAt),
  },
];
