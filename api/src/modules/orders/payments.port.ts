/**
 * The payments module as the orders module uses it (the interface agreed with the payments module,
 * `modules/payments/payments.module.ts`). Declared here too so that orders compiles and is tested on its
 * own with a fake; the real module is structurally the same type.
 */
import type { ApiRouter } from '../../platform/routes';
import type { CheckoutPaymentMethod, OrderOnlinePayment, PaymentResult, PayRequest } from 'shared-kernel/contracts';
import type { Db } from '../../platform/db/client';

export interface CreatePaymentsInput {
  orderId: number;
  shopId: number;
  buyerId: number;
  buyerEmail: string;
  method: CheckoutPaymentMethod;
  amountCents: number;
  lang: 'fr' | 'en';
  /** the order's number (C2026-00001), used as the transfer / cheque reference */
  orderNumber?: string;
  groups?: Array<{ email: string; amountCents: number }>;
}
export interface CreatedPayments {
  primary: PaymentResult | null;
  groupTokens: Array<{ email: string; token: string; paymentId: number; amountCents: number }>;
}
export type PaymentsListItem = OrderOnlinePayment;
/** What changed, told to the listeners: the payment and its new status (a payment that became paid is money received). */
export interface PaymentChange {
  paymentId: number;
  status: PaymentResult['status'];
}
/** A payment given back (ref: the provider's refund id) or to give back by hand (ref null) when a paid order is cancelled. */
export interface RefundLine {
  paymentId: number;
  method: string;
  amountCents: number;
  ref: string | null;
}

export interface PaymentsPort {
  router: ApiRouter;
  createForOrder(tx: Db, input: CreatePaymentsInput): Promise<CreatedPayments>;
  cancelForOrder(tx: Db, orderId: number): Promise<void>;
  captureForOrder(tx: Db, orderId: number): Promise<void>;
  refundForOrder(tx: Db, orderId: number): Promise<{ refunded: RefundLine[]; manual: RefundLine[] }>;
  listForOrder(db: Db, orderId: number): Promise<PaymentsListItem[]>;
  findByGroupToken(
    db: Db,
    token: string,
  ): Promise<{ paymentId: number; orderId: number; payerEmail: string; amountCents: number; status: PaymentResult['status'] } | null>;
  pay(db: Db, paymentId: number, body: PayRequest, auth: { userId?: number; groupToken?: string }): Promise<PaymentResult>;
  get(db: Db, paymentId: number, auth: { userId?: number; groupToken?: string }): Promise<PaymentResult>;
  onPaymentChanged(listener: (db: Db, orderId: number, change?: PaymentChange) => Promise<void>): void;
}
