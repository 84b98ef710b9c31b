import { Tag } from 'antd';
import {
  SUPPLIER_INVOICE_PAYMENT_GROUPS,
  SUPPLIER_INVOICE_PAYMENT_LABELS,
  type SupplierInvoicePaymentStatus,
} from 'shared-kernel/contracts';
import { ACCESSIBLE_STATUS_COLORS } from 'shared-kernel/ui';

/** Paid / to pay / overdue, in the accessible colours of its §4 group. */
export function PaymentTag({ status }: { status: SupplierInvoicePaymentStatus }) {
  const group = SUPPLIER_INVOICE_PAYMENT_GROUPS[status];
  return (
    <Tag data-group={group} style={ACCESSIBLE_STATUS_COLORS[group]}>
      {SUPPLIER_INVOICE_PAYMENT_LABELS[status]}
    </Tag>
  );
}
