// The columns of the campaigns list (table, phone cards and CSV from the same definitions).
import { Tag } from 'antd';
import type { FuturesCampaignSummary } from 'shared-kernel/contracts';
import { formatCents, formatDate } from 'shared-kernel/domain';
import { RowLink, type ColumnsFor } from 'shared-kernel/kit';
import { centsToEuros } from '../../orders/format';
import { texts } from '../texts';
import type { campaignsList } from './filters';

const t = texts;
const nowrap = { whiteSpace: 'nowrap' } as const;

export function CampaignStatusTag({ status }: { status: FuturesCampaignSummary['status'] }) {
  return <Tag color={status === 'open' ? 'green' : 'default'}>{t.statuses[status]}</Tag>;
}

export const campaignColumns: ColumnsFor<FuturesCampaignSummary, typeof campaignsList> = [
  {
    key: 'name',
    title: t.columns.name,
    dataIndex: 'name',
    sortKey: 'name',
    cardTitle: true,
    render: (name: string, c) => <RowLink to={`/dashboard/futures/${c.id}`}>{name}</RowLink>,
  },
  { key: 'vintage', title: t.columns.vintage, dataIndex: 'vintage', sortKey: 'vintage' },
  {
    key: 'status',
    title: t.columns.status,
    dataIndex: 'status',
    filterKey: 'status',
    filterOptions: [
      { value: 'open', label: t.statuses.open },
      { value: 'closed', label: t.statuses.closed },
    ],
    render: (s: FuturesCampaignSummary['status']) => <CampaignStatusTag status={s} />,
    csv: (c) => t.statuses[c.status],
  },
  { key: 'depositPercent', title: t.columns.deposit, dataIndex: 'depositPercent', align: 'right', render: (n: number) => t.percent(n) },
  {
    key: 'deliveryFrom',
    title: t.columns.delivery,
    dataIndex: 'deliveryFrom',
    sortKey: 'deliveryFrom',
    render: (_: string, c) => t.period(formatDate(c.deliveryFrom), formatDate(c.deliveryTo)),
    csv: (c) => t.period(formatDate(c.deliveryFrom), formatDate(c.deliveryTo)),
  },
  { key: 'orders', title: t.columns.orders, dataIndex: 'orders', align: 'right' },
  { key: 'bottles', title: t.columns.bottles, dataIndex: 'bottles', align: 'right' },
  {
    key: 'orderedTTC',
    title: t.columns.ordered,
    dataIndex: 'orderedTTC',
    align: 'right',
    render: (c: number) => <span style={nowrap}>{formatCents(c)}</span>,
    csv: (c) => centsToEuros(c.orderedTTC),
  },
  {
    key: 'createdAt',
    title: t.columns.createdAt,
    dataIndex: 'createdAt',
    sortKey: 'createdAt',
    hideOnCard: true,
    render: (d: string) => formatDate(d),
  },
];
