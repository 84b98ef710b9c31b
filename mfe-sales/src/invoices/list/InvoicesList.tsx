// The list of one kind of sales document (GET /sales/invoices?kind=): /dashboard/orders/bills (invoices),
// /deposits (deposit invoices), /credits (credit notes). Server pagination, sort and filters in the URL (payment
// status, overdue, issue dates), search, CSV export, 'Exporter les PDF (zip)' of a period (./ZipExport.tsx); a row
// opens the document in a drawer; `?open=<id>` opens one from a link (the journal entries of mfe-accounting).
import { useMemo, useState } from 'react';
import { Checkbox, Flex, Typography } from 'antd';
import type { InvoiceKind } from 'shared-kernel/contracts';
import { ResourceTable, useUrlListState } from 'shared-kernel/kit';
import { useLayoutMode } from 'shared-kernel/runtime';
import { useSearchParams } from 'shared-kernel/router';
import { DatePicker } from 'shared-kernel/ui';
import { InvoiceDrawer } from '../detail/InvoiceDrawer';
import { fetchInvoices, useInvoices } from '../invoices.queries';
import { useTexts } from '../texts';
import { invoiceColumns } from './columns';
import { invoicesList } from './filters';
import { ZipExportButton } from './ZipExport';

export function InvoicesList({ kind }: { kind: InvoiceKind }) {
  const t = useTexts();
  const k = t.kinds[kind];
  const mobile = useLayoutMode() === 'mobile';
  const list = useUrlListState(invoicesList);
  const query = useInvoices({ ...list.apiQuery, kind });
  const columns = useMemo(() => invoiceColumns(kind), [kind]);
  const [params, setParams] = useSearchParams();
  const linked = Number(params.get('open'));
  const [open, setOpen] = useState<number | null>(Number.isInteger(linked) && linked > 0 ? linked : null);
  const close = () => {
    setOpen(null);
    if (params.has('open'))
      setParams(
        (p) => {
          p.delete('open');
          return p;
        },
        { replace: true },
      );
  };
  const { from, to, overdue } = list.state.filters;

  return (
    <Flex component="section" vertical gap={16} style={{ padding: mobile ? 12 : 16, minWidth: 0 }} data-testid={`${kind}-list`}>
      <Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>
        {k.title}
      </Typography.Title>
      <ResourceTable
        list={list}
        query={query}
        columns={columns}
        label={k.label}
        onRowOpen={(i) => setOpen(i.id)}
        search
        scrollX={1000}
        exportCsv={{ filename: k.csv, fetchPage: (q) => fetchInvoices({ ...q, kind }) }}
        toolbar={
          <>
            {kind !== 'credit' && (
              <Checkbox checked={overdue === true} onChange={(e) => list.setFilter('overdue', e.target.checked ? true : undefined)}>
                {t.filters.overdue}
              </Checkbox>
            )}
            <Flex component="label" align="center" gap={6}>
              <span>{t.filters.from}</span>
              <span style={{ width: 150 }}>
                <DatePicker id={`${kind}-from`} value={from ?? null} max={to} onChange={(v) => list.setFilter('from', v ?? undefined)} />
              </span>
            </Flex>
            <Flex component="label" align="center" gap={6}>
              <span>{t.filters.to}</span>
              <span style={{ width: 150 }}>
                <DatePicker id={`${kind}-to`} value={to ?? null} min={from} onChange={(v) => list.setFilter('to', v ?? undefined)} />
              </span>
            </Flex>
            <ZipExportButton kind={kind} period={{ from, to }} />
          </>
        }
        texts={{ empty: k.empty, emptyFiltered: k.emptyFiltered, total: k.total }}
      />
      <InvoiceDrawer id={open} onClose={close} />
    </Flex>
  );
}
