// 'Factures' tab of the client file: the balance (what the open invoices still ask, and the client's credit), then
// the client's invoices, deposit invoices and credit notes, 10 a page, each with its order and its PDF.
import { Alert, Button, Card, Skeleton, Statistic, Tag } from 'antd';
import { INVOICE_KIND_LABELS, type InvoiceSummary } from 'shared-kernel/contracts';
import { formatCents, formatDate } from 'shared-kernel/domain';
import { downloadApiFile, errorMessage, ResourceTable, RowLink, useUrlListState, type ColumnsFor } from 'shared-kernel/kit';
import { notify } from 'shared-kernel/runtime';
import { StatusTag } from 'shared-kernel/ui';
import { useClientCredit, useClientInvoices, useClientOpenInvoices } from './client-sales.queries';
import { clientInvoicesList, LIST_PREFIX } from './filters';
import { useTexts } from './texts';

function Figure({
  label,
  query,
  value,
  help,
}: {
  label: string;
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  value: () => string;
  help?: string;
}) {
  const t = useTexts();
  if (query.isPending) return <Skeleton active paragraph={false} title={{ width: 160 }} />;
  if (query.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={`${label} : ${errorMessage(query.error, t.balanceError)}`}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            {t.retry}
          </Button>
        }
      />
    );
  return (
    <div>
      <Statistic title={label} value={value()} />
      {help && <div style={{ color: '#595959', fontSize: 12 }}>{help}</div>}
    </div>
  );
}

/** What the client still owes on the open invoices, and their credit (shown with seeAllPayment only). */
function Balance({ clientId, showCredit }: { clientId: number; showCredit: boolean }) {
  const t = useTexts();
  const open = useClientOpenInvoices(clientId);
  const credit = useClientCredit(clientId, showCredit);
  return (
    <Card size="small" title={t.balance} role="region" aria-label={t.balance}>
      <div style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))' }}>
        <Figure
          label={t.openRemaining}
          query={open}
          value={() => formatCents(open.data!.remaining)}
          help={open.data ? t.openCount(open.data.count) : undefined}
        />
        {showCredit && <Figure label={t.credit} query={credit} value={() => formatCents(credit.data ?? 0)} help={t.creditHelp} />}
      </div>
    </Card>
  );
}

export function ClientInvoicesTab({ clientId, showCredit }: { clientId: number; showCredit: boolean }) {
  const t = useTexts();
  const list = useUrlListState(clientInvoicesList, { prefix: LIST_PREFIX.invoices });
  const query = useClientInvoices({ ...list.apiQuery, clientId });
  const columns: ColumnsFor<InvoiceSummary, typeof clientInvoicesList> = [
    {
      key: 'number',
      title: t.number,
      dataIndex: 'number',
      sortKey: 'number',
      cardTitle: true,
      render: (n: string, i) => (
        <>
          {n}
          {i.overdueDays > 0 && (
            <Tag color="red" style={{ marginInlineStart: 8 }}>
              {t.overdue(i.overdueDays)}
            </Tag>
          )}
        </>
      ),
    },
    { key: 'kind', title: t.kind, dataIndex: 'kind', render: (k: InvoiceSummary['kind']) => INVOICE_KIND_LABELS[k] },
    { key: 'issuedAt', title: t.issuedAt, dataIndex: 'issuedAt', sortKey: 'issuedAt', render: (d: string) => formatDate(d) },
    { key: 'dueDate', title: t.dueDate, dataIndex: 'dueDate', sortKey: 'dueDate', render: (d: string | null) => formatDate(d) },
    {
      key: 'totalTTC',
      title: t.totalTTC,
      dataIndex: 'totalTTC',
      sortKey: 'totalTTC',
      align: 'right',
      render: (v: number) => formatCents(v),
    },
    {
      key: 'remaining',
      title: t.remaining,
      dataIndex: 'remaining',
      sortKey: 'remaining',
      align: 'right',
      render: (v: number, i) => (i.kind === 'credit' ? '—' : formatCents(v)),
    },
    {
      key: 'paymentStatus',
      title: t.paymentStatus,
      dataIndex: 'paymentStatus',
      render: (s: InvoiceSummary['paymentStatus'], i) =>
        i.kind === 'credit' ? <StatusTag kind="credit" status={i.creditStatus} /> : <StatusTag kind="payment" status={s} />,
    },
    {
      key: 'order',
      title: t.order,
      dataIndex: 'orderNumber',
      render: (n: string | null, i) => (n && i.orderId ? <RowLink to={`/dashboard/orders/${i.orderId}`}>{n}</RowLink> : '—'),
    },
    {
      key: 'pdf',
      title: t.pdf,
      csv: false,
      render: (_: unknown, i) => (
        <Button
          size="small"
          aria-label={t.pdfOf(i.number)}
          onClick={() =>
            void downloadApiFile(`/sales/invoices/${i.id}/pdf`, undefined, `${i.number}.pdf`).catch((err: unknown) =>
              notify.error(err instanceof Error ? err.message : String(err)),
            )
          }
        >
          {t.pdf}
        </Button>
      ),
    },
  ];
  return (
    <div style={{ display: 'grid', gap: 16 }}>
      <Balance clientId={clientId} showCredit={showCredit} />
      <ResourceTable
        list={list}
        query={query}
        columns={columns}
        label={t.invoicesLabel}
        scrollX={800}
        texts={{ empty: t.noInvoices, total: t.invoicesTotal }}
      />
    </div>
  );
}
