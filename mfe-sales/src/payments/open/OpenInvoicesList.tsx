// The invoices still owed: /dashboard/payments/outstandings (encours: GET /sales/invoices?open=true&sort=dueDate) and
// /dashboard/payments/unpaids (impayés: the overdue ones, days overdue and last reminder), with their totals; a row
// opens the invoice drawer (its payments, 'Envoyer par mail').
import { useMemo, useState } from 'react';
import { Alert, Checkbox, Flex, Skeleton, Statistic, Typography } from 'antd';
import { formatCents } from 'shared-kernel/domain';
import { ResourceTable, useUrlListState } from 'shared-kernel/kit';
import { useLayoutMode } from 'shared-kernel/runtime';
import { InvoiceDrawer } from '../../invoices/detail/InvoiceDrawer';
import { fetchInvoices, TOTALS_CAP, useInvoiceTotals, useInvoices, type InvoicesQuery } from '../../invoices/invoices.queries';
import { openInvoiceColumns } from '../../invoices/list/columns';
import { openInvoicesList } from '../../invoices/list/filters';
import { useTexts } from '../texts';

function Totals({ overdueOnly, filters }: { overdueOnly: boolean; filters: Pick<InvoicesQuery, 'q' | 'paymentStatus'> }) {
  const t = useTexts().open;
  const totals = useInvoiceTotals({ open: true, ...(overdueOnly ? { overdue: true } : {}), ...filters });
  if (!totals.data) {
    return totals.isError ? null : (
      <div role="status" aria-label={t.totalsLoading}>
        <Skeleton active title={false} paragraph={{ rows: 1 }} />
      </div>
    );
  }
  const d = totals.data;
  return (
    <div data-testid="open-totals" style={{ display: 'grid', gap: 8 }}>
      <Flex wrap gap={32}>
        <Statistic title={t.totalRemaining} value={formatCents(d.remaining)} />
        {!overdueOnly && <Statistic title={t.totalOverdue} value={formatCents(d.overdue)} />}
        <Statistic title={t.totalCount} value={d.count} />
      </Flex>
      {d.capped && <Alert type="info" showIcon title={t.capped(TOTALS_CAP)} />}
    </div>
  );
}

export function OpenInvoicesList({ unpaid }: { unpaid: boolean }) {
  const t = useTexts().open;
  const mobile = useLayoutMode() === 'mobile';
  const list = useUrlListState(openInvoicesList);
  const overdueOnly = unpaid || list.state.filters.overdue === true;
  const apiQuery = { ...list.apiQuery, open: true, ...(unpaid ? { overdue: true } : {}) };
  const query = useInvoices(apiQuery);
  const columns = useMemo(() => openInvoiceColumns(unpaid), [unpaid]);
  const [open, setOpen] = useState<number | null>(null);
  const { q, filters } = list.state;

  return (
    <Flex component="section" vertical gap={16} style={{ padding: mobile ? 12 : 16, minWidth: 0 }}>
      <Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>
        {unpaid ? t.unpaidsTitle : t.outstandingsTitle}
      </Typography.Title>
      <Totals
        overdueOnly={overdueOnly}
        filters={{ ...(q ? { q } : {}), ...(filters.paymentStatus ? { paymentStatus: filters.paymentStatus } : {}) }}
      />
      <ResourceTable
        list={list}
        query={query}
        columns={columns}
        label={unpaid ? t.unpaidsLabel : t.outstandingsLabel}
        onRowOpen={(i) => setOpen(i.id)}
        search
        scrollX={1000}
        exportCsv={{
          filename: unpaid ? t.unpaidsCsv : t.outstandingsCsv,
          fetchPage: (qq) => fetchInvoices({ ...qq, open: true, ...(unpaid ? { overdue: true } : {}) }),
        }}
        toolbar={
          unpaid ? undefined : (
            <Checkbox checked={filters.overdue === true} onChange={(e) => list.setFilter('overdue', e.target.checked ? true : undefined)}>
              {t.overdueOnly}
            </Checkbox>
          )
        }
        texts={{ empty: unpaid ? t.unpaidsEmpty : t.outstandingsEmpty, emptyFiltered: t.emptyFiltered, total: t.total }}
      />
      <InvoiceDrawer id={open} onClose={() => setOpen(null)} />
    </Flex>
  );
}
