/**
 * Reading payments: the provider that holds a payment's intent, the answer given for a payment (`PaymentResult`), who
 * may read one (the order's buyer or the holder of its group token), an order's payments and a payer's by their token.
 */
import { asc, eq } from 'drizzle-orm';
import type { PaymentResult } from 'shared-kernel/contracts';
import type { Db } from '../../platform/db/client';
import { notFound } from '../../platform/errors';
import {
  PAYABLE,
  PAYMENT_MESSAGES,
  intentKind,
  sameHash,
  sha256,
  type PaymentAuth,
  type PaymentsContext,
  type PaymentsListItem,
} from './payments.model';
import { payments, type PaymentRow } from './payments.tables';
import type { PaymentProvider } from './providers/provider';

/**
 * The provider that holds a payment's intent: the shop's account (its own keys, else the platform's when allowed).
 * Null for an offline payment, or when the shop's account is now of another provider than the payment's (the payment
 * can no longer be handled online).
 */
export async function providerOf(ctx: PaymentsContext, db: Db, row: PaymentRow): Promise<PaymentProvider | null> {
  const { accounts, platform } = ctx;
  if (row.provider === 'offline' || row.provider === 'paypal' || !intentKind(row.method)) return null;
  // the account that was charged: the platform's stays the platform's after the shop saved keys of its own
  if (row.account === 'platform') return platform.name === row.provider ? platform : null;
  if (row.account === 'shop') return row.provider === 'stripe' ? await accounts.shopStripeOf(db, row.shopId) : null;
  const account = await accounts.cardAccountOf(db, row.shopId);
  return account && account.provider.name === row.provider ? account.provider : null;
}

export async function resultOf(ctx: PaymentsContext, db: Db, row: PaymentRow): Promise<PaymentResult> {
  return toResult(row, await providerOf(ctx, db, row));
}

export function toResult(row: PaymentRow, provider: PaymentProvider | null): PaymentResult {
  const online = row.provider !== 'offline' && !!provider && row.provider === provider.name;
  const approve = row.provider === 'paypal' && row.approveUrl && PAYABLE.includes(row.status) ? row.approveUrl : null;
  return {
    id: row.id,
    orderId: row.orderId,
    status: row.status,
    method: row.method,
    amount: row.amountCents,
    provider: row.provider,
    nextAction: approve
      ? { type: 'paypal_approve', url: approve }
      : online && PAYABLE.includes(row.status)
        ? provider.cardForm(row.clientSecret)
        : null,
    instructions: row.instructions,
    ...(row.status === 'error' && row.failureMessage ? { message: row.failureMessage } : {}),
  };
}

export async function load(db: Db, id: number): Promise<PaymentRow | undefined> {
  const rows = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  return rows[0];
}

/** The order's buyer or the holder of the payment's group token; anyone else → 404. */
export async function loadAuthorized(db: Db, id: number, auth: PaymentAuth): Promise<PaymentRow> {
  const row = Number.isSafeInteger(id) && id > 0 ? await load(db, id) : undefined;
  if (!row) throw notFound(PAYMENT_MESSAGES.notFound);
  const byUser = auth.userId !== undefined && row.buyerId === auth.userId;
  const byToken = Boolean(auth.groupToken && row.groupTokenHash && sameHash(sha256(auth.groupToken), row.groupTokenHash));
  if (!byUser && !byToken) throw notFound(PAYMENT_MESSAGES.notFound);
  return row;
}

export async function get(ctx: PaymentsContext, db: Db, paymentId: number, auth: PaymentAuth): Promise<PaymentResult> {
  return resultOf(ctx, db, await loadAuthorized(db, paymentId, auth));
}

export async function listForOrder(db: Db, orderId: number): Promise<PaymentsListItem[]> {
  const rows = await db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id));
  return rows.map((row) => {
    const { nextAction: _omit, ...rest } = toResult(row, null);
    return { ...rest, payerEmail: row.payerEmail, paidAt: row.paidAt ? row.paidAt.toISOString() : null };
  });
}

export async function findByGroupToken(db: Db, token: string) {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select()
    .from(payments)
    .where(eq(payments.groupTokenHash, sha256(token)))
    .limit(1);
  return row
    ? { paymentId: row.id, orderId: row.orderId, payerEmail: row.payerEmail, amountCents: row.amountCents, status: row.status }
    : null;
}
