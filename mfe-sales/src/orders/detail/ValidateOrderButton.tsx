// 'Valider la commande' (POST /v1/orders/:id/validate, contract orderActionResponseSchema): the seller accepts a
// pending order paid by card imprint (debited on validation) or by an offline method (transfer, cheque, cash, bill).
import { Button } from 'antd';
import type { OrderDetail, Shop, User } from 'shared-kernel/contracts';
import { currentShopId, hasPermission } from 'shared-kernel/domain';
import { confirmPopup } from 'shared-kernel/runtime';
import { useValidateOrder } from '../orders.queries';
import { useTexts } from '../texts';

/** Grouped order: an expiry date, or shares paid by several people. */
export function isGrouped(order: Pick<OrderDetail, 'payments' | 'expiresAt'>): boolean {
  return order.expiresAt !== null || new Set(order.payments.map((p) => p.payerEmail).filter(Boolean)).size > 1;
}

const OFFLINE_METHODS = new Set(['transfer', 'check', 'cash', 'bill']);

/**
 * A pending order the seller has to accept: a card imprint to debit, or an offline payment to acknowledge.
 * A grouped order (several payers) can only be validated once every share is paid (the api refuses otherwise).
 */
export function needsValidation(order: Pick<OrderDetail, 'status' | 'payments' | 'expiresAt' | 'paymentStatus'>): boolean {
  if (order.status !== 'pending') return false;
  if (isGrouped(order) && order.paymentStatus !== 'paid') return false;
  // the checkout's payments only: a payment the shop recorded (a deposit paid by transfer) is no checkout to accept
  return order.payments.some(
    (p) =>
      p.source !== 'backoffice' &&
      ((p.method === 'imprint' && p.status === 'setup') ||
        (OFFLINE_METHODS.has(p.method) && p.status !== 'cancelled' && p.status !== 'refunded')),
  );
}

/**
 * Agents see checkout orders read-only; owners, and collaborators allowed to take orders or quotes, of the seller shop
 * may validate them when the order needs it (the rights table's `validate`, which the sales lifecycle enforces).
 */
export function canValidate(order: OrderDetail, user: User | null, shop: Shop | null): boolean {
  if (!user || (user.role !== 'owner' && user.role !== 'iam')) return false;
  const shopId = currentShopId(user, shop);
  if (shopId !== order.shop.id) return false;
  return (hasPermission(user, shopId, 'createOrder') || hasPermission(user, shopId, 'createQuote')) && needsValidation(order);
}

export function ValidateOrderButton({ order }: { order: OrderDetail }) {
  const t = useTexts().validate;
  const validate = useValidateOrder();
  const imprint = order.payments.some((p) => p.method === 'imprint');
  const open = () =>
    confirmPopup({
      title: t.title,
      content: (
        <p style={{ margin: 0 }}>
          {t.content(order.number, order.buyer.name)} {imprint ? t.imprint : t.offline}
        </p>
      ),
      okText: t.ok,
      // a refusal (api message as an error snackbar) keeps the popup open
      onOk: async () => {
        await validate.mutateAsync(order.id);
      },
    });

  return (
    <Button type="primary" onClick={() => void open()}>
      {t.button}
    </Button>
  );
}
