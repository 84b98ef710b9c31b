import { Tag } from 'antd';
import { formatDateTime } from 'shared-kernel/domain';
import { RowLink, type ColumnsFor } from 'shared-kernel/kit';
import type { Campaign } from '../campaigns.queries';
import { texts as t, useTexts, type CampaignStatus } from '../texts';
import { CAMPAIGN_STATUSES, type campaignsList } from './filters';

const COLORS: Record<CampaignStatus, string> = {
  draft: 'default',
  scheduled: 'blue',
  sending: 'orange',
  sent: 'green',
  cancelled: 'red',
};

export function CampaignStatusTag({ status }: { status: CampaignStatus }) {
  const tx = useTexts();
  return <Tag color={COLORS[status]}>{tx.statuses[status]}</Tag>;
}

/** The date that matters: sent, else scheduled, else created. */
const dateOf = (c: Campaign) => c.sentAt ?? c.startedAt ?? c.scheduledAt ?? c.createdAt;

export const campaignColumns: ColumnsFor<Campaign, typeof campaignsList> = [
  {
    key: 'name',
    title: t.columns.name,
    dataIndex: 'name',
    sortKey: 'name',
    cardTitle: true,
    render: (name: string, c) => <RowLink to={`/dashboard/crm/campaigns/${c.id}`}>{name}</RowLink>,
  },
  {
    key: 'status',
    title: t.columns.status,
    dataIndex: 'status',
    filterKey: 'status',
    filterOptions: CAMPAIGN_STATUSES.map((s) => ({ value: s, label: t.statuses[s] })),
    render: (s: CampaignStatus) => <CampaignStatusTag status={s} />,
    csv: (c) => t.statuses[c.status],
  },
  { key: 'subject', title: t.columns.subject, dataIndex: 'subject', hideOnCard: true },
  {
    key: 'date',
    title: t.columns.date,
    dataIndex: 'createdAt',
    sortKey: 'createdAt',
    render: (_: string, c) => formatDateTime(dateOf(c)),
    csv: (c) => formatDateTime(dateOf(c)),
  },
  {
    key: 'recipients',
    title: t.columns.recipients,
    dataIndex: ['stats', 'recipients'],
    align: 'right',
    render: (_: number, c) => c.stats.recipients,
    csv: (c) => String(c.stats.recipients),
  },
  {
    key: 'openRate',
    title: t.columns.openRate,
    dataIndex: ['stats', 'openRate'],
    align: 'right',
    render: (_: number, c) => (c.stats.sent ? t.percent(c.stats.openRate) : '—'),
    csv: (c) => t.percent(c.stats.openRate),
  },
  {
    key: 'clickRate',
    title: t.columns.clickRate,
    dataIndex: ['stats', 'clickRate'],
    align: 'right',
    render: (_: number, c) => (c.stats.sent ? t.percent(c.stats.clickRate) : '—'),
    csv: (c) => t.percent(c.stats.clickRate),
  },
];
