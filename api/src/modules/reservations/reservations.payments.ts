/**
 * A reservation settled at booking: the invoice and its payment go through the sales module (its numbering, its
 * lettering; the caller acts there with the rights of the reservation flow, as primeurs do). Without billing settings
 * there is no invoice to carry the payment: the booking marks its order paid itself.
 */
import { ACCOUNTING_RULE_MESSAGES, orderActionInputSchema, paymentInputSchema, type CheckoutPaymentMethod } from 'shared-kernel/contracts';
import type { UserAuthContext } from '../../platform/auth/middleware';
import type { ShopMemberRow } from '../../platform/db/tables';
import { HttpError, MESSAGES, closedPeriodOf, monthLabel } from '../../platform/errors';
import type { OrderRow } from '../orders';
import { parisDate } from '../sales';
import { salesStaff, type ReservationsDeps } from './reservations.model';
import { RESERVATION_MESSAGES as M, type SettleMethod } from './reservations.schemas';

/** How a reservation settled now shows on the order (the checkout's methods; the sales payment keeps the exact one). */
export const ORDER_METHOD: Record<SettleMethod, CheckoutPaymentMethod> = {
  transfer: 'transfer',
  card: 'stripe',
  cheque: 'check',
  cash: 'cash',
  billOfExchange: 'bill',
  directDebit: 'stripeSepa',
  paypal: 'transfer',
  other: 'transfer',
};

/** The shop's billing settings are complete enough for the sales module to issue an invoice. */
export async function billingReady({ sales }: Pick<ReservationsDeps, 'sales'>, shopId: number): Promise<boolean> {
  const b = await sales.billingOf(shopId);
  return !!(b && b.companyName && b.siret && b.address?.street);
}

/**
 * Invoices the booking and records its payment, in the sales module's own transactions: the reservation is kept
 * whatever happens here, and the answer's message says what failed rather than the request failing.
 */
export async function invoiceAndPay(
  { sales, logger }: Pick<ReservationsDeps, 'sales' | 'logger'>,
  auth: UserAuthContext,
  member: ShopMemberRow,
  order: OrderRow,
  clientId: number,
  method: SettleMethod,
): Promise<{ invoice: { id: number; number: string } | null; message: string }> {
  let invoice: { id: number; number: string } | null = null;
  const staff = salesStaff(auth, member);
  try {
    const done = await sales.act(staff.auth, staff.member, order.id, 'invoice', orderActionInputSchema.parse({}));
    if (done.document) {
      invoice = { id: done.document.id, number: done.document.number };
      const row = await sales.invoiceRow(order.shopId, done.document.id);
      const due = row.amountDue - row.paid - row.credited;
      if (due > 0)
        await sales.recordPayment(
          staff.auth,
          staff.member,
          paymentInputSchema.parse({
            clientId,
            direction: 'in',
            method,
            amount: due,
            paidAt: parisDate(),
            reference: `Réservation ${order.number}`,
            allocations: [{ invoiceId: row.id, amount: due }],
          }),
        );
    }
    return { invoice, message: M.createdPaid(order.number) };
  } catch (err) {
    logger.warn({ err, orderId: order.id }, 'reservation settled now: invoice or payment refused');
    const month = closedPeriodOf(err);
    const why =
      err instanceof HttpError ? err.message : month ? ACCOUNTING_RULE_MESSAGES.periodClosed(monthLabel(month)) : MESSAGES.internal;
    return { invoice, message: M.settleFailed(order.number, why) };
  }
}
