import { Flex, Typography } from 'antd';
import { StatusTag } from 'shared-kernel/ui';
import { useTexts } from './texts';

// One StatusTag for every screen (shared-kernel/ui), in the accessible colours of its group.
export { StatusTag, ACCESSIBLE_STATUS_COLORS as ACCESSIBLE_GROUP_COLORS } from 'shared-kernel/ui';

function Caption({ children }: { children: string }) {
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12, marginInlineEnd: 4 }}>
      {children}
    </Typography.Text>
  );
}

/**
 * Order status and payment status (spec §4 labels and colour groups), delivery too when given. With `captions`
 * each tag is preceded by what it is about ('Commande', 'Paiement', 'Livraison'): 'En attente' alone is ambiguous.
 */
export function OrderStatusTags({
  status,
  paymentStatus,
  deliveryStatus,
  captions = false,
}: {
  status: string;
  paymentStatus: string;
  deliveryStatus?: string;
  captions?: boolean;
}) {
  const t = useTexts().tags;
  return (
    <Flex component="span" className="wz-sales-tags" wrap align="center" gap={8} style={{ display: 'inline-flex' }}>
      <span data-testid="order-status" title={t.orderTitle}>
        {captions && <Caption>{t.order}</Caption>}
        <StatusTag kind="order" status={status} />
      </span>
      <span data-testid="payment-status" title={t.paymentTitle}>
        {captions && <Caption>{t.payment}</Caption>}
        <StatusTag kind="payment" status={paymentStatus} />
      </span>
      {deliveryStatus && (
        <span data-testid="delivery-status" title={t.deliveryTitle}>
          {captions && <Caption>{t.delivery}</Caption>}
          <StatusTag kind="delivery" status={deliveryStatus} />
        </span>
      )}
    </Flex>
  );
}
