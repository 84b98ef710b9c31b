import { useState } from 'react';
import { Alert, Button, Table, Tag } from 'antd';
import {
  SUPPLIER_INVOICE_SYNTAX_LABELS,
  SUPPLIER_INVOICE_TYPE_LABELS,
  type SupplierInvoiceDetail,
  type SupplierInvoiceLineDto,
} from 'shared-kernel/contracts';
import { formatCents, formatDate, formatDateTime } from 'shared-kernel/domain';
import { DetailLayout, DetailSection, QueryBoundary, useIdParam, withQueryScope, useAction } from 'shared-kernel/kit';
import { Link } from 'shared-kernel/router';
import { useLayoutMode } from 'shared-kernel/runtime';
import { downloadSupplierInvoiceFile, useSupplierInvoice } from '../invoices.queries';
import { PaymentTag } from '../PaymentTag';
import { useTexts } from '../texts';
import { PaymentDialog } from './PaymentDialog';

const rate = (r: number) => `${String(r).replace('.', ',')} %`;
const price = (c: number) =>
  Number.isInteger(c) ? formatCents(c) : `${(c / 100).toLocaleString('fr-FR', { maximumFractionDigits: 6 })} €`;

function Lines({ invoice }: { invoice: SupplierInvoiceDetail }) {
  const t = useTexts();
  const mobile = useLayoutMode() === 'mobile';
  if (mobile) {
    return (
      <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
        {invoice.lines.map((l, i) => (
          <li key={i} style={{ borderBottom: '1px solid #f0f0f0', paddingBottom: 8 }}>
            <strong>{l.label}</strong>
            <div>
              {l.quantity} × {price(l.unitPriceCents)} → {formatCents(l.totalHTCents)} · {t.vatRate} {rate(l.vatRate)}
            </div>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Table<SupplierInvoiceLineDto & { key: number }>
      size="small"
      pagination={false}
      dataSource={invoice.lines.map((l, key) => ({ ...l, key }))}
      columns={[
        { key: 'label', title: t.article, dataIndex: 'label' },
        { key: 'quantity', title: t.quantity, dataIndex: 'quantity', align: 'right' },
        { key: 'unitPrice', title: t.unitPrice, dataIndex: 'unitPriceCents', align: 'right', render: (c: number) => price(c) },
        { key: 'vat', title: t.vatRate, dataIndex: 'vatRate', align: 'right', render: (r: number) => rate(r) },
        { key: 'total', title: t.lineTotal, dataIndex: 'totalHTCents', align: 'right', render: (c: number) => formatCents(c) },
        {
          key: 'matched',
          title: t.matchedLine,
          dataIndex: 'purchaseOrderLineId',
          render: (id: number | null) => (id ? <Tag color="green">{t.matched}</Tag> : t.none),
        },
      ]}
    />
  );
}

export default withQueryScope(function SupplierInvoiceDetailPage() {
  const t = useTexts();
  const id = useIdParam();
  const query = useSupplierInvoice(id);
  const [paying, setPaying] = useState(false);
  const download = useAction({ run: (invoiceId: number, fileName: string) => downloadSupplierInvoiceFile(invoiceId, fileName) });
  return (
    <QueryBoundary
      query={query}
      missing={id === null}
      notFound={{ backTo: '/dashboard/purchases/invoices', backLabel: t.back, title: t.notFound }}
    >
      {(i) => {
        const rest = i.amountDueCents - i.paidAmountCents;
        const a = i.seller.address;
        return (
          <DetailLayout
            title={
              <>
                {SUPPLIER_INVOICE_TYPE_LABELS[i.typeCode] ?? i.typeCode} {i.number} <PaymentTag status={i.paymentStatus} />
              </>
            }
            backTo="/dashboard/purchases/invoices"
            backLabel={t.back}
            meta={
              <>
                <Link to={`/dashboard/suppliers/${i.supplierId}`}>{i.supplierName}</Link> · {formatDate(i.issueDate)} ·{' '}
                {formatCents(i.totalTTCCents)} TTC
              </>
            }
            actions={
              <>
                {rest > 0 && (
                  <Button type="primary" onClick={() => setPaying(true)}>
                    {i.paidAmountCents > 0 ? t.pay : t.markPaid}
                  </Button>
                )}
                <Button onClick={() => void download.run(i.id, i.fileName)}>{t.download}</Button>
              </>
            }
            side={
              <>
                <DetailSection title={t.totals}>
                  <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 12px' }}>
                    <dt>{t.totalHT}</dt>
                    <dd style={{ margin: 0, textAlign: 'right' }}>{formatCents(i.totalHTCents)}</dd>
                    <dt>{t.totalVAT}</dt>
                    <dd style={{ margin: 0, textAlign: 'right' }}>{formatCents(i.totalVATCents)}</dd>
                    <dt>{t.totalTTC}</dt>
                    <dd style={{ margin: 0, textAlign: 'right' }}>{formatCents(i.totalTTCCents)}</dd>
                    <dt>{t.amountDue}</dt>
                    <dd style={{ margin: 0, textAlign: 'right' }}>{formatCents(i.amountDueCents)}</dd>
                    <dt>{t.paid}</dt>
                    <dd style={{ margin: 0, textAlign: 'right' }}>{formatCents(i.paidAmountCents)}</dd>
                    <dt>{t.rest}</dt>
                    <dd style={{ margin: 0, textAlign: 'right' }}>
                      <strong>{formatCents(Math.max(0, rest))}</strong>
                    </dd>
                    <dt>{t.dueDate}</dt>
                    <dd style={{ margin: 0, textAlign: 'right' }}>{formatDate(i.dueDate) || t.none}</dd>
                  </dl>
                  {i.paidAt && <p style={{ margin: '8px 0 0' }}>{t.paidOn(formatDate(i.paidAt))}</p>}
                </DetailSection>
                <DetailSection title={t.seller}>
                  <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 12px' }}>
                    <dt>{t.supplier}</dt>
                    <dd style={{ margin: 0 }}>{i.seller.name}</dd>
                    <dt>{t.siren}</dt>
                    <dd style={{ margin: 0 }}>{i.seller.siren ?? t.none}</dd>
                    <dt>{t.vatNumber}</dt>
                    <dd style={{ margin: 0 }}>{i.seller.vatNumber ?? t.none}</dd>
                    <dt>{t.email}</dt>
                    <dd style={{ margin: 0 }}>{i.seller.email ?? t.none}</dd>
                    <dt>{t.address}</dt>
                    <dd style={{ margin: 0 }}>
                      {[a.line1, a.line2, [a.zip, a.city].filter(Boolean).join(' '), a.country].filter(Boolean).join(', ') || t.none}
                    </dd>
                  </dl>
                </DetailSection>
                <DetailSection title={t.file}>
                  <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                    <li>{i.fileName}</li>
                    <li>
                      {t.syntax} : {SUPPLIER_INVOICE_SYNTAX_LABELS[i.syntax] ?? i.syntax}
                    </li>
                    <li>
                      {t.receivedAt} {formatDateTime(i.receivedAt)} ({t.via[i.receivedVia] ?? i.receivedVia})
                    </li>
                  </ul>
                </DetailSection>
              </>
            }
          >
            <DetailSection title={t.lines}>
              <Lines invoice={i} />
            </DetailSection>
            <DetailSection title={t.vatBreakdown}>
              <Table
                size="small"
                pagination={false}
                dataSource={i.vat.map((v, key) => ({ ...v, key }))}
                columns={[
                  { key: 'category', title: t.category, dataIndex: 'category' },
                  { key: 'rate', title: t.rate, dataIndex: 'rate', align: 'right', render: (r: number) => rate(r) },
                  { key: 'base', title: t.base, dataIndex: 'baseHTCents', align: 'right', render: (c: number) => formatCents(c) },
                  { key: 'vat', title: t.totalVAT, dataIndex: 'vatCents', align: 'right', render: (c: number) => formatCents(c) },
                ]}
              />
            </DetailSection>
            <DetailSection title={t.order}>
              {i.purchaseOrderId ? <Link to={`/dashboard/purchases/${i.purchaseOrderId}`}>{i.purchaseOrderNumber}</Link> : t.noOrder}
            </DetailSection>
            <DetailSection title={t.findings}>
              {i.findings.length ? (
                <Alert
                  type="warning"
                  showIcon
                  title={
                    <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                      {i.findings.map((f, k) => (
                        <li key={`${f.rule}-${k}`}>{f.message}</li>
                      ))}
                    </ul>
                  }
                />
              ) : (
                <p style={{ margin: 0 }}>{t.noFindings}</p>
              )}
            </DetailSection>
            {paying && <PaymentDialog invoice={i} open={paying} onClose={() => setPaying(false)} />}
          </DetailLayout>
        );
      }}
    </QueryBoundary>
  );
});
