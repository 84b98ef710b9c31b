import { Tag } from 'antd';
import { MEMBER_STATUS_LABELS, PRESET_LABELS, type MemberStatus, type TeamMember } from 'shared-kernel/contracts';
import { formatDate } from 'shared-kernel/domain';
import { RowLink, type ColumnsFor } from 'shared-kernel/kit';
import type { membersList } from './filters';
import { texts as t } from './texts';

const STATUS_COLOR: Record<MemberStatus, string> = { active: 'green', invited: 'blue', suspended: 'orange' };
export const statusTag = (s: MemberStatus) => <Tag color={STATUS_COLOR[s]}>{MEMBER_STATUS_LABELS[s]}</Tag>;
export const statusOptions = (['active', 'invited', 'suspended'] as const).map((value) => ({ value, label: MEMBER_STATUS_LABELS[value] }));

export const collaboratorColumns: ColumnsFor<TeamMember, typeof membersList> = [
  {
    key: 'name',
    title: t.name,
    dataIndex: 'name',
    sortKey: 'name',
    cardTitle: true,
    render: (name: string, m) => <RowLink to={`/dashboard/collaborators/${m.id}`}>{name}</RowLink>,
  },
  { key: 'email', title: t.email, dataIndex: 'email' },
  {
    key: 'status',
    title: t.status,
    dataIndex: 'status',
    filterKey: 'status',
    filterOptions: statusOptions,
    render: (s: MemberStatus) => statusTag(s),
    csv: (m) => MEMBER_STATUS_LABELS[m.status],
  },
  {
    key: 'preset',
    title: t.preset,
    dataIndex: 'preset',
    render: (p: TeamMember['preset']) => PRESET_LABELS[p],
    csv: (m) => PRESET_LABELS[m.preset],
  },
  {
    key: 'since',
    title: t.since,
    dataIndex: 'since',
    sortKey: 'since',
    render: (d: string) => formatDate(d),
    csv: (m) => formatDate(m.since),
  },
];
