/**
 * What an order's changes leave for the people following it: a line of its history (the order screen shows who did
 * what, when, from which status to which) and notifications in the notification centre of those concerned.
 */
import { SALES_PAYMENT_METHOD_LABELS } from 'shared-kernel/contracts';
import { formatCents, type OrderAction } from 'shared-kernel/domain';
import type { UserAuthContext } from '../../platform/auth/middleware';
import type { DbOrTx } from '../../platform/db/client';
import { notifyShopStaff, notifyUsers, ORDER_READERS, PAYMENT_READERS } from '../notifications';
import type { OrderRow } from '../orders';
import { personName, type SalesContext } from './sales.model';
import * as repo from './sales.repository';
import type { SalesPaymentRow } from './sales.tables';

/** A line of the order's history, dated by the service's clock. */
export async function history(
  ctx: Pick<SalesContext, 'clock'>,
  tx: DbOrTx,
  o: OrderRow,
  userId: number | null,
  action: string,
  from: string | null,
  to: string | null,
  note?: string | null,
) {
  await repo.insertHistory(tx, {
    shopId: o.shopId,
    orderId: o.id,
    userId,
    action,
    fromStatus: from,
    toStatus: to,
    note: note ?? null,
    at: ctx.clock(),
  });
}

/** How a notification names an order: « Commande C2026-00012 », « Devis D2026-00003 », « Échantillon C2026-00020 ». */
function documentName(o: OrderRow): string {
  if (o.subType === 'quote') return `Devis ${o.quoteNumber ?? o.number}`;
  return `${o.subType === 'sample' ? 'Échantillon' : 'Commande'} ${o.number}`;
}

/** What an action did to an order, as its notification says it (masculine; an order takes an « e »). */
const MOVED: Record<Exclude<OrderAction, 'send'>, string> = {
  validate: 'validé',
  invoice: 'facturé',
  cancel: 'annulé',
  refuse: 'refusé',
  expire: 'expiré',
  ship: 'expédié',
  deliver: 'livré',
};

/** An order edited in the back office: the shop's owner and the iam who see its orders are told (not its editor). */
export async function notifyModified(tx: DbOrTx, o: OrderRow, auth: UserAuthContext): Promise<void> {
  const what = documentName(o);
  const by = personName(auth.user);
  await notifyShopStaff(tx, {
    shopId: o.shopId,
    type: 'modifyOrder',
    content: `${what} (${o.buyerName}) modifié${o.subType === 'order' ? 'e' : ''}${by ? ` par ${by}` : ''} — ${formatCents(o.totalTTC)} TTC`,
    redirectLink: `/dashboard/orders/${o.id}`,
    anyOf: ORDER_READERS,
    except: auth.user.id,
  });
}

/**
 * An order moved on. The agent who took it and the buyer who placed it online hear of it in their notification centre
 * (the shop's staff see it in their lists); an order or a sample an agent sends is new work for the staff who
 * validate orders. A quote sent goes to its client by mail, not here. Nobody is told of their own act.
 */
export async function notifyMoved(tx: DbOrTx, o: OrderRow, action: OrderAction, userId: number): Promise<void> {
  const what = documentName(o);
  const redirectLink = `/dashboard/orders/${o.id}`;
  if (action === 'send') {
    if (o.subType === 'quote') return;
    await notifyShopStaff(tx, {
      shopId: o.shopId,
      type: 'newOrder',
      content: `${what} (${o.buyerName}) à valider — ${formatCents(o.totalTTC)} TTC`,
      redirectLink,
      anyOf: ORDER_READERS,
      except: userId,
    });
    return;
  }
  const done = MOVED[action] + (o.subType === 'order' ? 'e' : '');
  // a delivered parcel is followed by its number: the one notification the buyer gets of it says which
  const tracking =
    action === 'deliver' && o.trackingNumber ? ` (${[o.carrier, `suivi ${o.trackingNumber}`].filter(Boolean).join(', ')})` : '';
  await notifyUsers(tx, {
    userIds: [o.agentId, o.source === 'shop' ? o.buyerId : null],
    type: 'modifyOrder',
    content: `${what} (${o.buyerName}) ${done}${tracking}`,
    redirectLink,
    except: userId,
  });
}

/**
 * Money received from a client, recorded in the back office: the shop's owner and the iam who see its payments are
 * told (not the person who recorded it), led to the order when it settles one order's invoices, else to the payments.
 */
export async function notifyPaymentReceived(
  tx: DbOrTx,
  p: SalesPaymentRow,
  settled: Array<{ number: string; orderId: number | null }>,
  by: number,
): Promise<void> {
  const method = (SALES_PAYMENT_METHOD_LABELS as Record<string, string | undefined>)[p.method] ?? p.method;
  const numbers = settled.map((s) => s.number);
  const ordersOf = [...new Set(settled.map((s) => s.orderId).filter((v): v is number => v != null))];
  const order = ordersOf.length === 1 ? await repo.orderNumber(tx, ordersOf[0]) : undefined;
  const what = order
    ? ` pour la commande ${order.number} (${numbers.join(', ')})`
    : numbers.length
      ? ` pour ${numbers.length > 1 ? 'les factures' : 'la facture'} ${numbers.join(', ')}`
      : '';
  await notifyShopStaff(tx, {
    shopId: p.shopId,
    type: 'payment',
    content: `Règlement reçu de ${p.clientName}${what} : ${formatCents(p.amount)} (${method})`,
    redirectLink: order ? `/dashboard/orders/${ordersOf[0]}` : '/dashboard/payments',
    anyOf: PAYMENT_READERS,
    except: by,
  });
}
