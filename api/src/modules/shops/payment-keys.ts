// A shop's own payment provider keys (settings section integrations). Stored in shops.settings.paymentKeys,
// every secret sealed by the platform's SecretBox (AES-256-GCM, bound to the shop and the field); never sent back:
// the screen sees whether a key is set and its last four characters. Publishable keys are not secret (they go to the
// browser) and are kept in clear.
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../platform/db/client';
import { shops } from '../../platform/db/tables';
import { HttpError, MESSAGES, notFound } from '../../platform/errors';
import type { SecretBox } from '../../platform/secret-box';
import { findShopById } from './shops.repository';

export const PAYMENT_KEYS_MESSAGES = {
  publishableKey: 'La clé publique Stripe commence par pk_test_ ou pk_live_',
  secretKey: 'La clé secrète Stripe commence par sk_ ou rk_ (test ou live)',
  webhookSecret: 'Le secret de webhook Stripe commence par whsec_',
  mixedModes: 'Les clés Stripe doivent être toutes de test ou toutes de production',
  liveNeedsLiveKey: 'Cette boutique est en mode production : indiquez une clé Stripe live (pk_live_ / sk_live_)',
  testNeedsTestKey: 'Cette boutique est en mode test : indiquez une clé Stripe de test (pk_test_ / sk_test_)',
  secretNeedsPublic: 'Indiquez aussi la clé publique Stripe',
  paypalClientId: "L'identifiant client PayPal est invalide",
  paypalSecret: 'Le secret PayPal est invalide',
  paypalWebhookId: "L'identifiant de webhook PayPal est invalide",
  paypalPair: "Indiquez l'identifiant client et le secret PayPal",
  saved: 'Vos clés de paiement ont été enregistrées',
} as const;
const M = PAYMENT_KEYS_MESSAGES;

/** '' or absent = keep what is stored; a value = replace it. */
const keep = <T extends z.ZodType>(s: T) => z.union([z.literal(''), s]).optional();

const modeSchema = z.enum(['test', 'live'], { error: 'Le mode est test ou live' });

export const paymentKeysBodySchema = z.object({
  stripe: z
    .object({
      /** the mode the owner declares (production = live): keys of the other mode are refused, naming the key */
      mode: modeSchema.optional(),
      publishableKey: keep(
        z
          .string()
          .trim()
          .regex(/^pk_(test|live)_[A-Za-z0-9]{10,200}$/, M.publishableKey),
      ),
      secretKey: keep(
        z
          .string()
          .trim()
          .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]{10,200}$/, M.secretKey),
      ),
      webhookSecret: keep(
        z
          .string()
          .trim()
          .regex(/^whsec_[A-Za-z0-9+/=]{10,200}$/, M.webhookSecret),
      ),
    })
    .nullable()
    .optional()
    .describe('null removes the Stripe keys'),
  paypal: z
    .object({
      /** test = PayPal sandbox, live = production (PayPal ids do not tell) */
      mode: modeSchema.optional(),
      clientId: keep(
        z
          .string()
          .trim()
          .regex(/^[A-Za-z0-9_-]{20,200}$/, M.paypalClientId),
      ),
      clientSecret: keep(
        z
          .string()
          .trim()
          .regex(/^[A-Za-z0-9_-]{20,200}$/, M.paypalSecret),
      ),
      /** the id PayPal gives the shop's webhook (not secret): its events are verified against it */
      webhookId: keep(
        z
          .string()
          .trim()
          .regex(/^[A-Za-z0-9-]{8,100}$/, M.paypalWebhookId),
      ),
    })
    .nullable()
    .optional()
    .describe('null removes the PayPal keys'),
});
export type PaymentKeysBody = z.output<typeof paymentKeysBodySchema>;

type Mode = 'test' | 'live';
type Stored = {
  stripe?: { publishableKey: string; secretKey?: string; webhookSecret?: string; mode?: Mode };
  paypal?: { clientId: string; clientSecret: string; mode?: Mode; webhookId?: string };
};
type SecretState = { set: boolean; last4: string | null };
export interface PaymentKeysDto {
  stripe: { publishableKey: string; mode: 'test' | 'live'; secretKey: SecretState; webhookSecret: SecretState } | null;
  paypal: { clientId: string; mode: 'test' | 'live'; webhookId: string | null; clientSecret: SecretState } | null;
}

const ctx = (shopId: number, field: string) => `shop:${shopId}:paymentKeys.${field}`;

const modeOf = (key: string): Mode => (/_live_/.test(key) ? 'live' : 'test');

function state(box: SecretBox, shopId: number, field: string, sealed: string | undefined): SecretState {
  const plain = sealed ? box.open(sealed, ctx(shopId, field)) : null;
  return { set: plain != null, last4: plain ? plain.slice(-4) : null };
}

function toDto(box: SecretBox, shopId: number, stored: Stored): PaymentKeysDto {
  const s = stored.stripe;
  const p = stored.paypal;
  return {
    stripe: s
      ? {
          publishableKey: s.publishableKey,
          mode: s.mode ?? modeOf(s.publishableKey),
          secretKey: state(box, shopId, 'stripe.secretKey', s.secretKey),
          webhookSecret: state(box, shopId, 'stripe.webhookSecret', s.webhookSecret),
        }
      : null,
    paypal: p
      ? {
          clientId: p.clientId,
          mode: p.mode ?? 'test',
          webhookId: p.webhookId ?? null,
          clientSecret: state(box, shopId, 'paypal.clientSecret', p.clientSecret),
        }
      : null,
  };
}

async function storedOf(db: Db, shopId: number): Promise<Stored> {
  const shop = await findShopById(db, shopId);
  if (!shop) throw notFound(MESSAGES.shopNotFound);
  return ((shop.settings ?? {}) as { paymentKeys?: Stored }).paymentKeys ?? {};
}

export async function getPaymentKeys(db: Db, box: SecretBox, shopId: number): Promise<PaymentKeysDto> {
  return toDto(box, shopId, await storedOf(db, shopId));
}

/** Saves the keys sent (others kept); secrets sealed; test and live keys never mixed (400 naming the field). */
export async function savePaymentKeys(
  db: Db,
  box: SecretBox,
  shopId: number,
  body: PaymentKeysBody,
): Promise<PaymentKeysDto & { message: string }> {
  const stored = await storedOf(db, shopId);
  const next: Stored = { ...stored };
  if (body.stripe === null) delete next.stripe;
  else if (body.stripe) {
    const b = body.stripe;
    const before = stored.stripe;
    const publishableKey = b.publishableKey || before?.publishableKey;
    if (!publishableKey) throw new HttpError(400, M.secretNeedsPublic, 'stripe.publishableKey');
    const seal = (field: 'secretKey' | 'webhookSecret', value: string | undefined) =>
      value ? box.seal(value, ctx(shopId, `stripe.${field}`)) : before?.[field];
    if (b.secretKey && modeOf(b.secretKey) !== modeOf(publishableKey)) throw new HttpError(400, M.mixedModes, 'stripe.secretKey');
    const keptSecret = !b.secretKey && before?.secretKey ? box.open(before.secretKey, ctx(shopId, 'stripe.secretKey')) : null;
    if (keptSecret && modeOf(keptSecret) !== modeOf(publishableKey)) throw new HttpError(400, M.mixedModes, 'stripe.publishableKey');
    // A shop declared live (or test) never runs on keys of the other mode: real cards on a test account would be lost sales,
    // test cards on a live account refused by Stripe.
    const mode = b.mode ?? before?.mode;
    if (mode && modeOf(publishableKey) !== mode) {
      throw new HttpError(400, mode === 'live' ? M.liveNeedsLiveKey : M.testNeedsTestKey, 'stripe.publishableKey');
    }
    next.stripe = {
      publishableKey,
      secretKey: seal('secretKey', b.secretKey),
      webhookSecret: seal('webhookSecret', b.webhookSecret),
      ...(mode ? { mode } : {}),
    };
  }
  if (body.paypal === null) delete next.paypal;
  else if (body.paypal) {
    const clientId = body.paypal.clientId || stored.paypal?.clientId;
    const clientSecret = body.paypal.clientSecret
      ? box.seal(body.paypal.clientSecret, ctx(shopId, 'paypal.clientSecret'))
      : stored.paypal?.clientSecret;
    if (!clientId) throw new HttpError(400, M.paypalPair, 'paypal.clientId');
    if (!clientSecret) throw new HttpError(400, M.paypalPair, 'paypal.clientSecret');
    const mode = body.paypal.mode ?? stored.paypal?.mode;
    const webhookId = body.paypal.webhookId || stored.paypal?.webhookId;
    next.paypal = { clientId, clientSecret, ...(mode ? { mode } : {}), ...(webhookId ? { webhookId } : {}) };
  }
  await db
    .update(shops)
    .set({ settings: sql`${shops.settings} || ${JSON.stringify({ paymentKeys: next })}::jsonb`, updatedAt: new Date() })
    .where(eq(shops.id, shopId));
  return { ...toDto(box, shopId, next), message: M.saved };
}

/** A shop's keys opened for the payments module (server side only: never sent to a browser, never logged). */
export interface ShopPaymentAccounts {
  stripe: { publishableKey: string; secretKey: string; webhookSecret: string | null; mode: Mode } | null;
  paypal: { clientId: string; clientSecret: string; mode: Mode; webhookId: string | null } | null;
}

/**
 * The shop's usable accounts: Stripe when both keys open and are of the same mode (a key of the other mode than the
 * one declared counts as no key: the shop is not charged on the wrong account), PayPal when its secret opens. An
 * unknown shop has none.
 */
export async function shopPaymentAccounts(db: Db, box: SecretBox, shopId: number): Promise<ShopPaymentAccounts> {
  const shop = await findShopById(db, shopId);
  const stored = ((shop?.settings ?? {}) as { paymentKeys?: Stored }).paymentKeys ?? {};
  const s = stored.stripe;
  const p = stored.paypal;
  const secretKey = s?.secretKey ? box.open(s.secretKey, ctx(shopId, 'stripe.secretKey')) : null;
  const stripeMode = s ? modeOf(s.publishableKey) : null;
  const stripeOk = s && secretKey && modeOf(secretKey) === stripeMode && (!s.mode || s.mode === stripeMode);
  const paypalSecret = p?.clientSecret ? box.open(p.clientSecret, ctx(shopId, 'paypal.clientSecret')) : null;
  return {
    stripe: stripeOk
      ? {
          publishableKey: s.publishableKey,
          secretKey,
          webhookSecret: s.webhookSecret ? box.open(s.webhookSecret, ctx(shopId, 'stripe.webhookSecret')) : null,
          mode: stripeMode!,
        }
      : null,
    paypal:
      p && paypalSecret
        ? { clientId: p.clientId, clientSecret: paypalSecret, mode: p.mode ?? 'test', webhookId: p.webhookId ?? null }
        : null,
  };
}
