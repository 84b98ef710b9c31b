// The columns of /admin/users (table on desktop, cards on phones).
import { Button, Tag, Typography } from 'antd';
import type { ColumnsFor } from 'shared-kernel/kit';
import type { SharedTexts } from '../texts';
import type { AdminTexts } from './texts';
import type { adminUsersList } from './admin-users.filters';
import type { AdminUser } from './admin-users.queries';

export interface AdminUserColumnsOptions {
  a: AdminTexts;
  common: SharedTexts['common'];
  /** The signed-in superAdmin: their own account cannot be disabled. */
  myId: number | undefined;
  onOpen(u: AdminUser): void;
  onToggle(u: AdminUser): void;
}

export function adminUserColumns({
  a,
  common,
  myId,
  onOpen,
  onToggle,
}: AdminUserColumnsOptions): ColumnsFor<AdminUser, typeof adminUsersList> {
  const role = (r: string) => a.roles[r] ?? r;
  return [
    {
      key: 'username',
      title: a.colName,
      dataIndex: 'username',
      sortKey: 'username',
      cardTitle: true,
      render: (v: string, u) => (
        <Button type="link" style={{ padding: 0 }} onClick={() => onOpen(u)}>
          {v}
        </Button>
      ),
    },
    { key: 'email', title: a.colEmail, dataIndex: 'email', sortKey: 'email' },
    {
      key: 'role',
      title: a.colRole,
      dataIndex: 'role',
      filterKey: 'role',
      filterOptions: Object.entries(a.roles).map(([value, label]) => ({ value, label })),
      render: (r: string) => role(r),
    },
    { key: 'emailValidated', title: a.colValidated, dataIndex: 'emailValidated', render: (v: boolean) => (v ? common.yes : common.no) },
    {
      key: 'disabled',
      title: a.colState,
      dataIndex: 'disabled',
      filterKey: 'disabled',
      filterOptions: [
        { value: 'false', label: a.active },
        { value: 'true', label: a.disabled },
      ],
      render: (d: boolean) => (d ? <Tag color="red">{a.disabled}</Tag> : <Tag color="green">{a.active}</Tag>),
    },
    {
      key: 'action',
      title: a.colAction,
      csv: false,
      render: (_: unknown, u) =>
        u.id === myId ? (
          <Typography.Text type="secondary">{a.yourAccount}</Typography.Text>
        ) : (
          <Button danger={!u.disabled} onClick={() => onToggle(u)}>
            {u.disabled ? a.enable : a.disable}
          </Button>
        ),
    },
  ];
}
