import {
  SUPPLIER_INVOICE_PAYMENT_LABELS,
  SUPPLIER_INVOICE_PAYMENT_STATUSES,
  SUPPLIER_INVOICE_TYPE_LABELS,
  type SupplierInvoiceListItem,
} from 'shared-kernel/contracts';
import { formatCents, formatDate } from 'shared-kernel/domain';
import { RowLink, type ColumnsFor } from 'shared-kernel/kit';
import { PaymentTag } from '../PaymentTag';
import { texts as t } from '../texts';
import type { supplierInvoicesList } from './filters';

const euros = (c: number) => (c / 100).toFixed(2).replace('.', ',');

export const supplierInvoiceColumns: ColumnsFor<SupplierInvoiceListItem, typeof supplierInvoicesList> = [
  {
    key: 'number',
    title: t.number,
    dataIndex: 'number',
    sortKey: 'number',
    cardTitle: true,
    render: (n: string, i) => <RowLink to={`/dashboard/purchases/invoices/${i.id}`}>{n}</RowLink>,
  },
  {
    key: 'type',
    title: t.type,
    dataIndex: 'typeCode',
    hideOnCard: true,
    render: (c: string) => SUPPLIER_INVOICE_TYPE_LABELS[c] ?? c,
    csv: (i) => SUPPLIER_INVOICE_TYPE_LABELS[i.typeCode] ?? i.typeCode,
  },
  { key: 'supplierName', title: t.supplier, dataIndex: 'supplierName' },
  {
    key: 'issueDate',
    title: t.issueDate,
    dataIndex: 'issueDate',
    sortKey: 'issueDate',
    render: (d: string) => formatDate(d),
    csv: (i) => formatDate(i.issueDate),
  },
  {
    key: 'dueDate',
    title: t.dueDate,
    dataIndex: 'dueDate',
    sortKey: 'dueDate',
    render: (d: string | null) => formatDate(d),
    csv: (i) => formatDate(i.dueDate),
  },
  {
    key: 'totalTTC',
    title: t.totalTTC,
    dataIndex: 'totalTTCCents',
    sortKey: 'totalTTC',
    align: 'right',
    render: (c: number) => formatCents(c),
    csv: (i) => euros(i.totalTTCCents),
  },
  {
    key: 'status',
    title: t.payment,
    dataIndex: 'paymentStatus',
    filterKey: 'status',
    filterOptions: SUPPLIER_INVOICE_PAYMENT_STATUSES.map((s) => ({ value: s, label: SUPPLIER_INVOICE_PAYMENT_LABELS[s] })),
    render: (s: SupplierInvoiceListItem['paymentStatus']) => <PaymentTag status={s} />,
    csv: (i) => SUPPLIER_INVOICE_PAYMENT_LABELS[i.paymentStatus],
  },
];
