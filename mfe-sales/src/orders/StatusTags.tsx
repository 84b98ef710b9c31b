import { Flex, Tag, Typography } from 'antd';
import { statusInfo, type StatusColorGroup, type StatusKind } from 'shared-kernel/domain';
import { useTexts } from './texts';

/**
 * Text, background and border of each status colour group (spec §4: waiting orange, cancel grey, online light blue,
 * finished green, error red). antd 6's preset tag colours (orange-7 on orange-1…) are about 3.3:1, under the 4.5:1
 * WCAG AA asks for their 12 px text (axe color-contrast on /dashboard/orders, issue 10), and a stylesheet rule loses
 * to antd's `.ant-tag.ant-tag-orange:not(.ant-tag-disabled).ant-tag-filled`: the same hues, darker text, inline.
 * Every pair is at least 4.5:1 (StatusTags.test.tsx computes it).
 */
export const ACCESSIBLE_GROUP_COLORS: Readonly<Record<StatusColorGroup, { color: string; background: string; borderColor: string }>> = {
  waiting: { color: '#873800', background: '#fff7e6', borderColor: '#ffd591' },
  cancel: { color: '#434343', background: '#fafafa', borderColor: '#d9d9d9' },
  online: { color: '#00474f', background: '#e6fffb', borderColor: '#87e8de' },
  finished: { color: '#135200', background: '#f6ffed', borderColor: '#b7eb8f' },
  error: { color: '#a8071a', background: '#fff1f0', borderColor: '#ffa39e' },
};

/** shared-kernel's StatusTag (French label, `data-group`) in its colour group's accessible colours. */
export function StatusTag({ kind, status }: { kind: StatusKind; status: string | null | undefined }) {
  const info = statusInfo(kind, status);
  return (
    <Tag data-group={info.group} style={ACCESSIBLE_GROUP_COLORS[info.group]}>
      {info.label}
    </Tag>
  );
}

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
