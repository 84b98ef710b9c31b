import { Tag } from 'antd';
import { PURCHASE_ORDER_STATUS_GROUPS, PURCHASE_ORDER_STATUS_LABELS, type PurchaseOrderStatusValue } from 'shared-kernel/contracts';
import { ACCESSIBLE_STATUS_COLORS } from 'shared-kernel/ui';

/** A purchase order status with its French label, in the accessible colours of its §4 group. */
export function PurchaseStatusTag({ status }: { status: PurchaseOrderStatusValue }) {
  const group = PURCHASE_ORDER_STATUS_GROUPS[status];
  return (
    <Tag data-group={group} style={ACCESSIBLE_STATUS_COLORS[group]}>
      {PURCHASE_ORDER_STATUS_LABELS[status]}
    </Tag>
  );
}
