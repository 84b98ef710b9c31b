// The columns of the salespoints list (also its phone cards): name (link to the detail), warehouse, accepted methods,
// today's takings, session state and the 'Ouvrir la caisse' button.
import { Tag, Typography } from 'antd';
import type { SalesPoint } from 'shared-kernel/contracts';
import { formatCents } from 'shared-kernel/domain';
import { LinkButton, RowLink, type ColumnsFor } from 'shared-kernel/kit';
import { sessionState } from '../format';
import type { useTexts } from '../texts';
import type { wholeList } from '../paging';

type T = ReturnType<typeof useTexts>;

export const tillHref = (id: number) => `/dashboard/salespoints/${id}/new-order`;
export const detailHref = (id: number) => `/dashboard/salespoints/${id}`;

export function MethodTags({ t, methods }: { t: T; methods: SalesPoint['methods'] }) {
  return (
    <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 4 }}>
      {methods.map((m) => (
        <Tag key={m} style={{ marginInlineEnd: 0 }}>
          {t.methodLabels[m]}
        </Tag>
      ))}
    </span>
  );
}

export function SessionState({ t, session }: { t: T; session: SalesPoint['session'] }) {
  const open = !!session && !session.closedAt;
  return (
    <Typography.Text type={open ? 'success' : 'secondary'} data-testid="session-state">
      {sessionState(t, session)}
    </Typography.Text>
  );
}

export function salesPointColumns(t: T): ColumnsFor<SalesPoint, typeof wholeList> {
  return [
    {
      key: 'name',
      title: t.name,
      dataIndex: 'name',
      cardTitle: true,
      render: (name: string, s) => <RowLink to={detailHref(s.id)}>{name}</RowLink>,
    },
    { key: 'warehouse', title: t.warehouse, dataIndex: ['warehouse', 'name'] },
    {
      key: 'methods',
      title: t.methods,
      dataIndex: 'methods',
      render: (methods: SalesPoint['methods']) => <MethodTags t={t} methods={methods} />,
    },
    {
      key: 'today',
      title: t.today,
      dataIndex: 'today',
      align: 'right',
      render: (today: SalesPoint['today']) => (
        <span style={{ whiteSpace: 'nowrap' }}>{t.todayOf(formatCents(today.total), today.tickets)}</span>
      ),
    },
    {
      key: 'session',
      title: t.session,
      dataIndex: 'session',
      render: (session: SalesPoint['session']) => <SessionState t={t} session={session} />,
    },
    {
      key: 'actions',
      title: t.actions,
      dataIndex: 'id',
      render: (id: number, s) => (
        <LinkButton type="primary" to={tillHref(id)} aria-label={t.openTillOf(s.name)}>
          {t.openTill}
        </LinkButton>
      ),
    },
  ];
}
