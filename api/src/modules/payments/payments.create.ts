/**
 * The payments of a new order, inside the order's transaction: one per payer (a grouped order has a share per payer,
 * each with its own link token), on the account the method goes to — the shop's own Stripe or PayPal account, the
 * platform's provider when allowed, or offline with the shop's instructions (transfer, cheque…).
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client';
import { shops } from '../../platform/db/tables';
import { HttpError, MESSAGES, notFound } from '../../platform/errors';
import { checkoutSettingsOf } from '../orders';
import { billingBankOf } from '../sales';
import { offlineInstructions, sandboxInstructions, transferBank, type BankDetails } from './payments.instructions';
import {
  PAYMENT_MESSAGES,
  intentKind,
  sha256,
  type CreatedPayments,
  type CreatePaymentsInput,
  type PaymentsContext,
} from './payments.model';
import { PAYPAL_CHECKOUT_MESSAGES, createPayPalOrder } from './payments.paypal';
import { toResult } from './payments.read';
import { payments } from './payments.tables';

export async function createForOrder(ctx: PaymentsContext, tx: Db, input: CreatePaymentsInput): Promise<CreatedPayments> {
  const { accounts, publicUrl } = ctx;
  const groups = input.groups?.length ? input.groups : null;
  if (groups) {
    const total = groups.reduce((s, g) => s + g.amountCents, 0);
    if (total !== input.amountCents || groups.some((g) => !Number.isInteger(g.amountCents) || g.amountCents <= 0)) {
      throw new HttpError(400, PAYMENT_MESSAGES.groupsTotal, 'paymentGroups');
    }
  }
  if (!Number.isInteger(input.amountCents) || input.amountCents < 0) throw new HttpError(400, MESSAGES.badRequest, 'amountCents');
  const [shop] = await tx.select({ name: shops.name, settings: shops.settings }).from(shops).where(eq(shops.id, input.shopId)).limit(1);
  if (!shop) throw notFound(MESSAGES.shopNotFound);
  const kind = intentKind(input.method);
  // Card / SEPA / imprint go to the shop's own account; without one (and the platform not allowed) they are not offered.
  const account = kind ? await accounts.cardAccountOf(tx, input.shopId) : null;
  if (kind && !account) throw new HttpError(400, PAYMENT_MESSAGES.cardNotOffered, 'paymentMethod');
  const provider = account?.provider ?? null;
  // PayPal: the shop's own PayPal account, offered only when the shop saved its keys
  const paypalClient = input.method === 'paypal' ? await accounts.paypalOf(tx, input.shopId) : null;
  if (input.method === 'paypal' && !paypalClient) throw new HttpError(400, PAYPAL_CHECKOUT_MESSAGES.notOffered, 'paymentMethod');
  const reference = input.orderNumber ?? `n° ${input.orderId}`;
  // offline methods: the shop's own texts (checkout settings) and the account of its billing settings
  let offline: { bank: BankDetails | null; transfer: string | null; check: string | null } | null = null;
  if (!kind && (input.method === 'transfer' || input.method === 'check')) {
    const checkout = await checkoutSettingsOf(tx, input.shopId);
    offline = {
      bank: input.method === 'transfer' ? transferBank(await billingBankOf(tx, input.shopId), shop.settings) : null,
      transfer: checkout.transferInstructions,
      check: checkout.chequeInstructions,
    };
  }
  const shares = groups ?? [{ email: input.buyerEmail, amountCents: input.amountCents }];
  const out: CreatedPayments = { primary: null, groupTokens: [] };
  for (const share of shares) {
    const token = groups ? crypto.randomBytes(32).toString('base64url') : null;
    const free = (kind !== null || paypalClient !== null) && share.amountCents === 0;
    const instructions = paypalClient
      ? null
      : kind
        ? provider!.name === 'sandbox'
          ? sandboxInstructions(kind, input.lang)
          : null
        : offlineInstructions(input.method as 'transfer', {
            amountCents: share.amountCents,
            shopName: shop.name,
            reference,
            bank: offline?.bank ?? null,
            shopText: input.method === 'transfer' ? offline?.transfer : input.method === 'check' ? offline?.check : null,
            lang: input.lang,
          });
    let [row] = await tx
      .insert(payments)
      .values({
        orderId: input.orderId,
        shopId: input.shopId,
        buyerId: input.buyerId,
        payerEmail: share.email,
        method: input.method,
        provider: paypalClient ? 'paypal' : kind ? provider!.name : 'offline',
        account: paypalClient ? 'shop' : (account?.owner ?? null),
        status: free ? 'paid' : 'pending',
        paidAt: free ? new Date() : null,
        amountCents: share.amountCents,
        groupTokenHash: token ? sha256(token) : null,
        instructions,
      })
      .returning();
    if (paypalClient && !free) {
      const created = await createPayPalOrder(paypalClient, publicUrl, {
        paymentId: row.id,
        orderId: input.orderId,
        amountCents: share.amountCents,
      });
      [row] = await tx.update(payments).set(created).where(eq(payments.id, row.id)).returning();
    }
    if (kind && !free) {
      const intent = await provider!.createIntent({
        paymentId: row.id,
        orderId: input.orderId,
        kind,
        amountCents: share.amountCents,
        email: share.email,
        lang: input.lang,
      });
      [row] = await tx
        .update(payments)
        .set({ providerRef: intent.ref, clientSecret: intent.clientSecret })
        .where(eq(payments.id, row.id))
        .returning();
    }
    if (token) out.groupTokens.push({ email: share.email, token, paymentId: row.id, amountCents: share.amountCents });
    const mine = !groups || share.email.trim().toLowerCase() === input.buyerEmail.trim().toLowerCase();
    if (mine && !out.primary) out.primary = toResult(row, provider);
  }
  return out;
}
