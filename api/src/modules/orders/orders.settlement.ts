/**
 * Settlement: the order follows its payments (the payments module tells each change). Its payment status is computed
 * from them, a paid pending order is validated, the order is confirmed once (the shop's staff notified, the buyer
 * mailed) and its loyalty points follow.
 */
import type { PaymentStatus } from 'shared-kernel/domain';
import { formatCents } from 'shared-kernel/domain';
import type { DbOrTx } from '../../platform/db/client';
import type { MailMessage } from '../../platform/mail/mailer';
import { syncOrdersLoyalty } from '../loyalty';
import { notifyShopStaff, PAYMENT_READERS } from '../notifications';
import { mailInTx, runEffects, type Effect } from './orders.effects';
import { orderConfirmationMail } from './orders.mails';
import { CLOSED, linkOf, OFFLINE, type OrdersContext } from './orders.model';
import * as repo from './orders.repository';
import type { OrderRow } from './orders.tables';
import type { PaymentChange, PaymentsListItem } from './payments.port';

/** What settling an order needs: its payments, how to mail (and the links in mails), the time. */
export type SettleDeps = Pick<OrdersContext, 'payments' | 'mailer' | 'publicUrl' | 'clock'>;

/** Payment status of the order from its payments (grouped: every share paid → paid, some → partial). */
export function paymentStatusFrom(o: OrderRow, pays: PaymentsListItem[]): PaymentStatus {
  const active = pays.filter((p) => p.status !== 'cancelled');
  if (!active.length) return pays.length ? 'cancelled' : o.paymentStatus;
  if (o.grouped) {
    const paid = active.filter((p) => p.status === 'paid').reduce((n, p) => n + p.amount, 0);
    if (paid >= o.totalTTC && active.every((p) => p.status === 'paid')) return 'paid';
    if (paid > 0) return 'partial';
    if (active.some((p) => p.status === 'error')) return 'error';
    return 'pending';
  }
  const primary = (o.primaryPaymentId && active.find((p) => p.id === o.primaryPaymentId)) || active[active.length - 1];
  return primary.status;
}

/** Notifies the seller's owner/iam members and mails the buyer, once (confirmed_at guards it). */
export async function confirmInTx(
  deps: Pick<OrdersContext, 'mailer' | 'publicUrl'>,
  tx: DbOrTx,
  o: OrderRow,
  paid: boolean,
  effects: Effect[],
): Promise<void> {
  if (!(await repo.markConfirmed(tx, o.id))) return;
  const staff = await repo.findShopStaffIds(tx, o.shopId);
  const content = `Nouvelle commande ${o.number} de ${o.buyerName} — ${formatCents(o.totalTTC)} TTC`;
  await repo.insertNotifications(
    tx,
    staff.map((userId) => ({ userId, type: 'newOrder', content, redirectLink: `/dashboard/orders/${o.id}` })),
  );
  const shop = await repo.findShopSummary(tx, o.shopId);
  const lines = await repo.findOrderLines(tx, o.id);
  const mail: MailMessage = orderConfirmationMail({
    order: o,
    lines,
    shopName: shop.name,
    link: linkOf(deps.publicUrl, `/dashboard/orders/${o.id}`),
    lang: o.lang,
    paid,
  });
  await mailInTx(deps.mailer, tx, mail, `order-confirmation:${o.id}`, effects);
}

/**
 * Money received online (a checkout payment became paid: card, SEPA, an imprint captured): the shop's owner and the
 * iam who see its payments are told, in `tx`, once per payment (the payments module tells each change once). `except`:
 * who caused it (the seller capturing an imprint by validating). A free payment (0 €) is no money received.
 */
export async function notifyPaidInTx(tx: DbOrTx, o: OrderRow, paid: PaymentsListItem[], except: number | null = null): Promise<void> {
  for (const p of paid) {
    if (p.status !== 'paid' || p.amount <= 0) continue;
    const payer = o.grouped && p.payerEmail ? ` par ${p.payerEmail}` : '';
    await notifyShopStaff(tx, {
      shopId: o.shopId,
      type: 'payment',
      content: `Paiement en ligne reçu pour la commande ${o.number}${payer} : ${formatCents(p.amount)}`,
      redirectLink: `/dashboard/orders/${o.id}`,
      anyOf: PAYMENT_READERS,
      except,
    });
  }
}

/** Applies the payments' state to the order (inside `tx`, order row locked); `change`: the payment that changed. */
export async function settleInTx(
  deps: SettleDeps,
  tx: DbOrTx,
  orderId: number,
  effects: Effect[],
  change?: PaymentChange,
): Promise<OrderRow | undefined> {
  const o = await repo.lockOrder(tx, orderId);
  if (!o) return undefined;
  const pays = await deps.payments.listForOrder(tx, orderId);
  if (change?.status === 'paid')
    await notifyPaidInTx(
      tx,
      o,
      pays.filter((p) => p.id === change.paymentId),
    );
  const paymentStatus = paymentStatusFrom(o, pays);
  const patch: Partial<repo.OrderInsert> = {};
  if (paymentStatus !== o.paymentStatus) patch.paymentStatus = paymentStatus;
  if (!CLOSED.includes(o.status) && paymentStatus === 'paid' && o.status === 'pending') {
    patch.status = 'validated';
    patch.validatedAt = deps.clock();
  }
  let row = o;
  if (Object.keys(patch).length) {
    row = await repo.updateOrder(tx, o.id, patch);
  }
  if (!row.confirmedAt && !CLOSED.includes(row.status)) {
    const confirm = row.grouped
      ? paymentStatus === 'paid'
      : OFFLINE(row.paymentMethod) || paymentStatus === 'paid' || paymentStatus === 'setup';
    if (confirm) await confirmInTx(deps, tx, row, paymentStatus === 'paid', effects);
  }
  // a paid order earns its loyalty points (idempotent)
  await syncOrdersLoyalty(tx, [row.id]);
  return row;
}

/** The payments listener: a payment of `orderId` changed (committed); `change` says which and to what. */
export async function settle(
  deps: SettleDeps & Pick<OrdersContext, 'logger'>,
  dbx: DbOrTx,
  orderId: number,
  change?: PaymentChange,
): Promise<void> {
  const effects: Effect[] = [];
  await dbx.transaction(async (tx) => {
    await settleInTx(deps, tx, orderId, effects, change);
  });
  await runEffects(deps.logger, effects);
}
