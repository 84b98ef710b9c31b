import { RowLink, type ColumnsFor } from 'shared-kernel/kit';
import { formatDate } from 'shared-kernel/domain';
import type { MarketingListSummary } from 'shared-kernel/contracts';
import { texts as t } from './texts';
import type { listsList } from './filters';

export const listColumns: ColumnsFor<MarketingListSummary, typeof listsList> = [
  {
    key: 'name',
    title: t.name,
    dataIndex: 'name',
    sortKey: 'name',
    cardTitle: true,
    render: (name: string, l) => <RowLink to={`/dashboard/crm/lists/${l.id}`}>{name}</RowLink>,
  },
  {
    key: 'kind',
    title: t.kind,
    dataIndex: 'kind',
    filterKey: 'kind',
    filterOptions: [
      { value: 'static', label: t.kinds.static },
      { value: 'dynamic', label: t.kinds.dynamic },
    ],
    render: (k: MarketingListSummary['kind']) => t.kinds[k],
    csv: (l) => t.kinds[l.kind],
  },
  {
    key: 'members',
    title: t.members,
    dataIndex: 'memberCount',
    render: (n: number | null) => t.memberCount(n),
    csv: (l) => l.memberCount ?? '',
  },
  { key: 'updatedAt', title: t.updatedAt, dataIndex: 'updatedAt', sortKey: 'updatedAt', render: (d: string) => formatDate(d) },
];
