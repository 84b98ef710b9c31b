import { Tag } from 'antd';
import type { CrmClientListItem } from 'shared-kernel/contracts';
import { formatCents, formatDate } from 'shared-kernel/domain';
import { RowLink, type ColumnsFor, type FilterOption } from 'shared-kernel/kit';
import { texts as t } from './texts';
import type { clientFileList } from './filters';

const KIND_COLOURS = { private: 'blue', professional: 'purple', prospect: 'orange' } as const;

/** The client file's columns (table, phone cards and CSV). Typology and agent filter from the header. */
export function clientFileColumns(
  typologies: readonly FilterOption[],
  agents: readonly FilterOption[] | null,
): ColumnsFor<CrmClientListItem, typeof clientFileList> {
  const typologyName = (id: string | null) => (id ? ((typologies.find((o) => o.value === id)?.label as string | undefined) ?? id) : '');
  return [
    { key: 'code', title: t.code, dataIndex: 'code', hideOnCard: true },
    {
      key: 'name',
      title: t.name,
      dataIndex: 'name',
      sortKey: 'lastname',
      cardTitle: true,
      render: (name: string, c) => <RowLink to={`/dashboard/clients/${c.id}`}>{name}</RowLink>,
    },
    {
      key: 'kind',
      title: t.kind,
      dataIndex: 'kind',
      render: (k: CrmClientListItem['kind']) => <Tag color={KIND_COLOURS[k]}>{t.kinds[k]}</Tag>,
      csv: (c) => t.kinds[c.kind],
    },
    { key: 'company', title: t.company, dataIndex: 'company', sortKey: 'company', hideOnCard: true },
    {
      key: 'typology',
      title: t.typology,
      dataIndex: 'typology',
      filterKey: 'typology',
      filterOptions: typologies,
      render: (v: string | null) => typologyName(v),
      csv: (c) => typologyName(c.typology),
    },
    {
      key: 'city',
      title: t.city,
      dataIndex: 'city',
      render: (city: string | null, c) => [city, c.department ? `(${c.department})` : ''].filter(Boolean).join(' '),
      csv: (c) => [c.city, c.department ? `(${c.department})` : ''].filter(Boolean).join(' '),
    },
    { key: 'email', title: t.email, dataIndex: 'email', hideOnCard: true },
    {
      key: 'phone',
      title: t.phone,
      dataIndex: 'mobile',
      render: (m: string | null, c) => m ?? c.phone ?? '',
      csv: (c) => c.mobile ?? c.phone ?? '',
    },
    {
      key: 'agent',
      title: t.agent,
      dataIndex: 'agentName',
      ...(agents ? { filterKey: 'agentUserId' as const, filterOptions: agents } : {}),
      render: (v: string | null) => v ?? '',
    },
    {
      key: 'tags',
      title: t.tags,
      dataIndex: 'tags',
      hideOnCard: true,
      render: (tags: string[]) => tags.map((tag) => <Tag key={tag}>{tag}</Tag>),
      csv: (c) => c.tags.join(', '),
    },
    {
      key: 'lastOrderAt',
      title: t.lastOrderAt,
      dataIndex: 'lastOrderAt',
      sortKey: 'lastOrderAt',
      render: (d: string | null) => (d ? formatDate(d) : '—'),
      csv: (c) => (c.lastOrderAt ? formatDate(c.lastOrderAt) : ''),
    },
    {
      key: 'totalSpent',
      title: t.totalSpent,
      dataIndex: 'totalSpent',
      sortKey: 'totalSpent',
      align: 'right',
      render: (v: number) => formatCents(v),
      csv: (c) => formatCents(c.totalSpent),
    },
    {
      key: 'createdAt',
      title: t.createdAt,
      dataIndex: 'createdAt',
      sortKey: 'createdAt',
      hideOnCard: true,
      render: (d: string) => formatDate(d),
      csv: (c) => formatDate(c.createdAt),
    },
  ];
}
