// 'Clôtures': GET /pos/salespoints/:id/closings (day Z, months, years; newest first), paged on screen: kind, period,
// ref, total TTC, tickets, the cash gap (coloured when not nil) and the perpetual grand total. A row (click, Enter or
// its ref link) opens its report in a drawer (?closing=).
import { useMemo } from 'react';
import type { PosClosing, SalesPoint } from 'shared-kernel/contracts';
import { formatCents } from 'shared-kernel/domain';
import { ResourceTable, useUrlListState, type ColumnsFor } from 'shared-kernel/kit';
import { periodLabel } from '../../format';
import { pagedQuery, wholeList } from '../../paging';
import { useClosings } from '../../salespoints.queries';
import { useTexts } from '../../texts';
import { ParamLink, useOpenParam } from '../url';
import { ClosingDrawer } from './ClosingDrawer';
import { Gap } from './Gap';

type T = ReturnType<typeof useTexts>;
const amount = (cents: number) => <span style={{ whiteSpace: 'nowrap' }}>{formatCents(cents)}</span>;

function closingColumns(t: T): ColumnsFor<PosClosing, typeof wholeList> {
  const c = t.closings;
  return [
    { key: 'kind', title: c.kind, dataIndex: 'kind', render: (kind: PosClosing['kind']) => c.kinds[kind], csv: (x) => c.kinds[x.kind] },
    {
      key: 'period',
      title: c.period,
      dataIndex: 'period',
      render: (_: string, x) => periodLabel(t, x),
      csv: (x) => periodLabel(t, x),
    },
    {
      key: 'ref',
      title: c.ref,
      dataIndex: 'ref',
      cardTitle: true,
      render: (ref: string, x) => <ParamLink changes={{ closing: String(x.id) }}>{ref}</ParamLink>,
    },
    {
      key: 'total',
      title: c.totalTTC,
      dataIndex: ['totals', 'totalTTC'],
      align: 'right',
      render: (total: number) => amount(total),
      csv: (x) => x.totals.totalTTC / 100,
    },
    { key: 'tickets', title: c.tickets, dataIndex: ['totals', 'tickets'], align: 'right' },
    {
      key: 'gap',
      title: c.gap,
      dataIndex: 'gap',
      align: 'right',
      render: (gap: number | null) => <Gap t={t} gap={gap} />,
      csv: (x) => (x.gap === null ? '' : x.gap / 100),
    },
    {
      key: 'grandTotal',
      title: c.grandTotal,
      dataIndex: 'grandTotal',
      align: 'right',
      render: (total: number) => amount(total),
      csv: (x) => x.grandTotal / 100,
    },
  ];
}

export function ClosingsTab({ salesPoint }: { salesPoint: SalesPoint }) {
  const t = useTexts();
  const list = useUrlListState(wholeList);
  const query = useClosings(salesPoint.id);
  const columns = useMemo(() => closingColumns(t), [t]);
  const opened = useOpenParam('closing');
  const known = opened.id === null ? undefined : query.data?.find((x) => x.id === opened.id);
  return (
    <>
      <ResourceTable
        list={list}
        query={pagedQuery(query, list.state.page, list.state.pageSize)}
        columns={columns}
        label={t.closings.label}
        onRowOpen={(x) => opened.open(x.id)}
        scrollX={900}
        texts={{ empty: t.closings.empty, total: t.closings.total }}
      />
      <ClosingDrawer id={opened.id} known={known} wait={query.isPending} onClose={opened.close} />
    </>
  );
}
