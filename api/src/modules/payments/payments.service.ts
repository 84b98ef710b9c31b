/**
 * Payments as one object for the router and the payments module (which hands the orders module its part): each
 * operation is a module-level function of its own file, given here a `PaymentsContext` — the options, the listeners
 * told of every committed change, the sandbox events scheduled for later, the PayPal side's dependencies.
 *   payments.model.ts      messages, errors, shapes, transitions, the context
 *   payments.read.ts       the provider holding a payment, its answer, who may read it, an order's payments
 *   payments.status.ts     the one status-change path: webhooks, PayPal captures, scheduled sandbox events
 *   payments.create.ts     the payments of a new order (one per payer), on the account its method goes to
 *   payments.lifecycle.ts  the seller's moves: cancel, capture imprints, refunds
 *   payments.pay.ts        the payer paying: card / IBAN, 3-D Secure answer, PayPal capture on return
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { PayRequest } from 'shared-kernel/contracts';
import type { Db } from '../../platform/db/client';
import { createForOrder } from './payments.create';
import { cancelForOrder, captureForOrder, refundForOrder, refundPayment } from './payments.lifecycle';
import type { CreatePaymentsInput, PaymentAuth, PaymentListener, PaymentsContext, PaymentsServiceOptions } from './payments.model';
import { capturePayPal, complete3ds, pay } from './payments.pay';
import { handlePayPalWebhook } from './payments.paypal';
import { findByGroupToken, get, listForOrder, toResult } from './payments.read';
import { apply, close, handleWebhook, idle } from './payments.status';
import type { OnlineProviderName } from './providers/provider';

export {
  PAYMENT_MESSAGES,
  PaymentDeclinedError,
  TRANSITIONS,
  intentKind,
  sha256,
  type CreatedPayments,
  type CreatePaymentsInput,
  type PaymentAuth,
  type PaymentChange,
  type PaymentListener,
  type PaymentsListItem,
  type PaymentsServiceOptions,
  type RefundLine,
} from './payments.model';

export function createPaymentsService({ db, logger, accounts, publicUrl = 'http://localhost:3000' }: PaymentsServiceOptions) {
  const ctx: PaymentsContext = {
    db,
    logger,
    accounts,
    platform: accounts.platform,
    publicUrl,
    listeners: [],
    inFlight: new Set(),
    timers: new Set(),
    // a PayPal capture changes a payment through the same conditional update as a webhook
    paypal: {
      accounts,
      logger,
      publicUrl,
      apply: (dbx, paymentId, status, providerRef) => apply(ctx, dbx, paymentId, status, providerRef),
    },
  };
  return {
    toResult,
    handleWebhook: (dbx: Db, providerName: string, rawBody: Buffer | undefined, headers: IncomingHttpHeaders, shopId?: number) =>
      handleWebhook(ctx, dbx, providerName, rawBody, headers, shopId),
    handlePayPalWebhook: (dbx: Db, shopId: number, rawBody: Buffer | undefined, headers: IncomingHttpHeaders) =>
      handlePayPalWebhook(ctx.paypal, dbx, shopId, rawBody, headers),
    onPaymentChanged(listener: PaymentListener) {
      ctx.listeners.push(listener);
    },
    createForOrder: (tx: Db, input: CreatePaymentsInput) => createForOrder(ctx, tx, input),
    cancelForOrder: (tx: Db, orderId: number) => cancelForOrder(ctx, tx, orderId),
    refundForOrder: (tx: Db, orderId: number) => refundForOrder(ctx, tx, orderId),
    refundPayment: (tx: Db, paymentId: number, input: { amountCents: number; key: string }) => refundPayment(ctx, tx, paymentId, input),
    captureForOrder: (tx: Db, orderId: number) => captureForOrder(ctx, tx, orderId),
    listForOrder: (dbx: Db, orderId: number) => listForOrder(dbx, orderId),
    findByGroupToken: (dbx: Db, token: string) => findByGroupToken(dbx, token),
    get: (dbx: Db, paymentId: number, auth: PaymentAuth) => get(ctx, dbx, paymentId, auth),
    pay: (dbx: Db, paymentId: number, body: PayRequest, auth: PaymentAuth) => pay(ctx, dbx, paymentId, body, auth),
    capturePayPal: (dbx: Db, paymentId: number, auth: PaymentAuth) => capturePayPal(ctx, dbx, paymentId, auth),
    complete3ds: (dbx: Db, paymentId: number, body: { challenge: string; approve: boolean }, auth: PaymentAuth) =>
      complete3ds(ctx, dbx, paymentId, body, auth),
    idle: () => idle(ctx),
    close: () => close(ctx),
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
export type { OnlineProviderName };
