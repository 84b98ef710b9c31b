// The invoices still owed: /dashboard/payments/outstandings (encours: GET /sales/invoices?open=true&sort=dueDate) and
// /dashboard/payments/unpaids (impayés: the overdue ones, days overdue, last reminder, 'Relancer' and 'Mise en demeure
// (PDF)'), with the totals of GET /sales/unpaid-summary on top (every open invoice of the shop, one request); a row
// opens the invoice drawer (its payments, 'Envoyer par mail', the follow-up when overdue).
import { useMemo, useState } from 'react';
import { Checkbox, Flex, Skeleton, Statistic, Typography } from 'antd';
import { formatCents } from 'shared-kernel/domain';
import { ResourceTable, useUrlListState } from 'shared-kernel/kit';
import { useLayoutMode } from 'shared-kernel/runtime';
import { InvoiceDrawer } from '../../invoices/detail/InvoiceDrawer';
import { fetchInvoices, useInvoices, useUnpaidSummary } from '../../invoices/invoices.queries';
import { openInvoiceColumns } from '../../invoices/list/columns';
import { openInvoicesList } from '../../invoices/list/filters';
import { useTexts } from '../texts';

function Totals({ unpaid, filtered }: { unpaid: boolean; filtered: boolean }) {
  const t = useTexts().open;
  const summary = useUnpaidSummary();
  if (!summary.data) {
    return summary.isError ? null : (
      <div role="status" aria-label={t.totalsLoading}>
        <Skeleton active title={false} paragraph={{ rows: 1 }} />
      </div>
    );
  }
  const d = summary.data;
  return (
    <div data-testid="open-totals" style={{ display: 'grid', gap: 4 }}>
      <Flex wrap gap={32}>
        {!unpaid && <Statistic title={t.totalRemaining} value={formatCents(d.outstanding)} />}
        <Statistic title={unpaid ? t.totalUnpaid : t.totalOverdue} value={formatCents(d.overdue)} />
        <Statistic title={t.totalOverdueCount} value={d.overdueCount} />
      </Flex>
      {filtered && <Typography.Text type="secondary">{t.totalsOfShop}</Typography.Text>}
    </div>
  );
}

export function OpenInvoicesList({ unpaid }: { unpaid: boolean }) {
  const t = useTexts().open;
  const mobile = useLayoutMode() === 'mobile';
  const list = useUrlListState(openInvoicesList);
  const apiQuery = { ...list.apiQuery, open: true, ...(unpaid ? { overdue: true } : {}) };
  const query = useInvoices(apiQuery);
  const columns = useMemo(() => openInvoiceColumns(unpaid), [unpaid]);
  const [open, setOpen] = useState<number | null>(null);
  const { filters } = list.state;

  return (
    <Flex component="section" vertical gap={16} style={{ padding: mobile ? 12 : 16, minWidth: 0 }}>
      <Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>
        {unpaid ? t.unpaidsTitle : t.outstandingsTitle}
      </Typography.Title>
      <Totals unpaid={unpaid} filtered={list.hasActiveFilters} />
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
