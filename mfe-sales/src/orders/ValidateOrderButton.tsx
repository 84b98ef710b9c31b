// 'Valider la commande' (POST /v1/orders/:id/validate, contract orderActionResponseSchema): the seller accepts a
// pending order paid by card imprint (debited on validation) or by an offline method (transfer, cheque, cash, bill).
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import type { OrderDetail } from 'shared-kernel/contracts';
import { currentShopId, hasPermission } from 'shared-kernel/domain';
import { api, confirmPopup, useSession } from 'shared-kernel/runtime';
import { orderKeys } from './orders-api';

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
  return order.payments.some((p) => (p.method === 'imprint' && p.status === 'setup') || (OFFLINE_METHODS.has(p.method) && p.status !== 'cancelled' && p.status !== 'refunded'));
}

export const VALIDATE_TEXTS = {
  button: 'Valider la commande',
  title: 'Valider la commande ?',
  imprint: 'L’empreinte bancaire du client sera débitée du montant de la commande.',
  offline: 'Le client sera prévenu que sa commande est acceptée.',
  ok: 'Valider',
} as const;

export function ValidateOrderButton({ order }: { order: OrderDetail }) {
  const user = useSession((s) => s.user);
  const shop = useSession((s) => s.shop);
  const queryClient = useQueryClient();
  // Agents see orders read-only; owners, and collaborators allowed to see or create orders, may validate them
  // (the api's rule for POST /v1/orders/:id/validate).
  const shopId = currentShopId(user, shop);
  const allowed = !!user && (user.role === 'owner' || user.role === 'iam') && shopId === order.shop.id
    && (hasPermission(user, shopId, 'createOrder') || hasPermission(user, shopId, 'seeAllOrder'));
  if (!allowed || !needsValidation(order)) return null;

  const imprint = order.payments.some((p) => p.method === 'imprint');
  const validate = () =>
    confirmPopup({
      title: VALIDATE_TEXTS.title,
      content: (
        <p style={{ margin: 0 }}>
          Commande n° {order.number} de {order.buyer.name}. {imprint ? VALIDATE_TEXTS.imprint : VALIDATE_TEXTS.offline}
        </p>
      ),
      okText: VALIDATE_TEXTS.ok,
      onOk: async () => {
        // Not silent: the api's message (success or refusal) is shown as a snackbar; a failure keeps the popup open.
        await api.post(`/orders/${order.id}/validate`);
        await queryClient.invalidateQueries({ queryKey: orderKeys.all });
      },
    });

  return (
    <Button type="primary" onClick={() => void validate()}>
      {VALIDATE_TEXTS.button}
    </Button>
  );
}
