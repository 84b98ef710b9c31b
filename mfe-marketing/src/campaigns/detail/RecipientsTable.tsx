// The recipients of a campaign (paginated on the server, filtered by status from the header), under the prefix 'r_'
// in the URL so that the page's own state stays apart.
import { Tag, Typography } from 'antd';
import { formatDateTime } from 'shared-kernel/domain';
import { ResourceTable, useUrlListState, type ColumnsFor } from 'shared-kernel/kit';
import { useCampaignRecipients, type Recipient } from '../campaigns.queries';
import { texts as t, useTexts, type RecipientStatus } from '../texts';
import { RECIPIENT_STATUSES, recipientsList } from './filters';

const COLORS: Record<RecipientStatus, string> = {
  queued: 'default',
  sent: 'blue',
  failed: 'red',
  bounced: 'volcano',
  opened: 'cyan',
  clicked: 'green',
  unsubscribed: 'orange',
};

const d = t.detail;
const columns: ColumnsFor<Recipient, typeof recipientsList> = [
  { key: 'email', title: d.address, dataIndex: 'email', sortKey: 'email', cardTitle: true },
  { key: 'name', title: d.person, dataIndex: 'name', render: (n: string) => n || '—' },
  {
    key: 'status',
    title: d.status,
    dataIndex: 'status',
    sortKey: 'status',
    filterKey: 'status',
    filterOptions: RECIPIENT_STATUSES.map((s) => ({ value: s, label: t.recipientStatuses[s] })),
    render: (s: RecipientStatus, r) => (
      <>
        <Tag color={COLORS[s]}>{t.recipientStatuses[s]}</Tag>
        {r.error && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.error}
          </Typography.Text>
        )}
      </>
    ),
    csv: (r) => t.recipientStatuses[r.status],
  },
  { key: 'sentAt', title: d.sentOn, dataIndex: 'sentAt', sortKey: 'sentAt', render: (v: string | null) => formatDateTime(v) || '—' },
  { key: 'openedAt', title: d.openedOn, dataIndex: 'openedAt', render: (v: string | null) => formatDateTime(v) || '—' },
  { key: 'clickedAt', title: d.clickedOn, dataIndex: 'clickedAt', render: (v: string | null) => formatDateTime(v) || '—' },
];

export function RecipientsTable({ campaignId, live }: { campaignId: number; live: boolean }) {
  const tx = useTexts().detail;
  const list = useUrlListState(recipientsList, { prefix: 'r_' });
  const query = useCampaignRecipients(campaignId, list.apiQuery, live);
  return (
    <ResourceTable
      list={list}
      query={query}
      columns={columns}
      label={tx.recipientsTable}
      search
      scrollX={900}
      texts={{ empty: tx.recipientsEmpty, emptyFiltered: tx.recipientsFiltered, total: tx.recipientsTotal }}
    />
  );
}
