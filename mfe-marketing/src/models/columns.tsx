import { RowLink, type ColumnsFor } from 'shared-kernel/kit';
import { formatDate } from 'shared-kernel/domain';
import type { EmailModelSummary } from 'shared-kernel/contracts';
import { texts as t } from './texts';
import type { modelsList } from './filters';

export const modelColumns: ColumnsFor<EmailModelSummary, typeof modelsList> = [
  {
    key: 'name',
    title: t.name,
    dataIndex: 'name',
    sortKey: 'name',
    cardTitle: true,
    render: (name: string, m) => <RowLink to={`/dashboard/crm/models/${m.id}`}>{name}</RowLink>,
  },
  { key: 'subject', title: t.subject, dataIndex: 'subject', render: (s: string | null) => s ?? '—' },
  {
    key: 'kind',
    title: t.kind,
    dataIndex: 'kind',
    filterKey: 'kind',
    filterOptions: [
      { value: 'standard', label: t.kinds.standard },
      { value: 'advanced', label: t.kinds.advanced },
    ],
    render: (k: EmailModelSummary['kind']) => t.kinds[k],
    csv: (m) => t.kinds[m.kind],
  },
  { key: 'updatedAt', title: t.updatedAt, dataIndex: 'updatedAt', sortKey: 'updatedAt', render: (d: string) => formatDate(d) },
];
