// 'Sessions': GET /pos/salespoints/:id/sessions (newest first), paged on screen: number, opened at / by, float, closed
// at / by (or « En cours »), a link to its Z (the closings tab with the report open) and to its tickets (the tickets
// tab filtered on the session).
import { useMemo } from 'react';
import { Tag } from 'antd';
import type { PosSession, SalesPoint } from 'shared-kernel/contracts';
import { formatCents } from 'shared-kernel/domain';
import { ResourceTable, useUrlListState, type ColumnsFor } from 'shared-kernel/kit';
import { parisDateTime } from '../../format';
import { pagedQuery, wholeList } from '../../paging';
import { useSessions } from '../../salespoints.queries';
import { useTexts } from '../../texts';
import { ParamLink } from '../url';

type T = ReturnType<typeof useTexts>;

function sessionColumns(t: T): ColumnsFor<PosSession, typeof wholeList> {
  const c = t.sessions;
  return [
    { key: 'id', title: c.number, dataIndex: 'id', cardTitle: true, render: (id: number) => c.numberOf(id), csv: (s) => c.numberOf(s.id) },
    {
      key: 'opened',
      title: c.opened,
      dataIndex: 'openedAt',
      render: (at: string, s) => c.by(parisDateTime(at), s.openedBy),
      csv: (s) => c.by(parisDateTime(s.openedAt), s.openedBy),
    },
    {
      key: 'float',
      title: c.float,
      dataIndex: 'float',
      align: 'right',
      render: (float: number) => <span style={{ whiteSpace: 'nowrap' }}>{formatCents(float)}</span>,
    },
    {
      key: 'closed',
      title: c.closed,
      dataIndex: 'closedAt',
      render: (at: string | null, s) =>
        at ? (
          c.by(parisDateTime(at), s.closedBy ?? '')
        ) : (
          <Tag color="green" style={{ marginInlineEnd: 0 }}>
            {c.stillOpen}
          </Tag>
        ),
    },
    {
      key: 'closing',
      title: c.closing,
      dataIndex: 'closingId',
      render: (closingId: number | null, s) =>
        closingId ? (
          <ParamLink changes={{ tab: 'closings', closing: String(closingId), page: null, pageSize: null }} aria-label={c.seeClosing(s.id)}>
            {c.seeZ}
          </ParamLink>
        ) : (
          t.none
        ),
      csv: false,
    },
    {
      key: 'tickets',
      title: c.tickets,
      dataIndex: 'id',
      render: (id: number) => (
        <ParamLink changes={{ tab: null, sessionId: String(id), page: null, pageSize: null }} aria-label={c.seeTickets(id)}>
          {c.tickets}
        </ParamLink>
      ),
      csv: false,
    },
  ];
}

export function SessionsTab({ salesPoint }: { salesPoint: SalesPoint }) {
  const t = useTexts();
  const list = useUrlListState(wholeList);
  const query = useSessions(salesPoint.id);
  const columns = useMemo(() => sessionColumns(t), [t]);
  return (
    <ResourceTable
      list={list}
      query={pagedQuery(query, list.state.page, list.state.pageSize)}
      columns={columns}
      label={t.sessions.label}
      scrollX={860}
      texts={{ empty: t.sessions.empty, total: t.sessions.total }}
    />
  );
}
