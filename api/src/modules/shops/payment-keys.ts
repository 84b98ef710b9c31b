// A shop's own payment provider keys (settings section integrations, issue 17). Stored in shops.settings.paymentKeys,
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
  secretNeedsPublic: 'Indiquez aussi la clé publique Stripe',
  paypalClientId: "L'identifiant client PayPal est invalide",
  paypalSecret: 'Le secret PayPal est invalide',
  paypalPair: "Indiquez l'identifiant client et le secret PayPal",
  saved: 'Vos clés de paiement ont été enregistrées',
} as const;
const M = PAYMENT_KEYS_MESSAGES;

/** '' or absent = keep what is stored; a value = replace it. */
const keep = <T extends z.ZodType>(s: T) => z.union([z.literal(''), s]).optional();

export const paymentKeysBodySchema = z.object({
  stripe: z
    .object({
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
    })
    .nullable()
    .optional()
    .describe('null removes the PayPal keys'),
});
export type PaymentKeysBody = z.output<typeof paymentKeysBodySchema>;

type Stored = {
  stripe?: { publishableKey: string; secretKey?: string; webhookSecret?: string };
  paypal?: { clientId: string; clientSecret: string };
};
type SecretState = { set: boolean; last4: string | null };
export interface PaymentKeysDto {
  stripe: { publishableKey: string; mode: 'test' | 'live'; secretKey: SecretState; webhookSecret: SecretState } | null;
  paypal: { clientId: string; clientSecret: SecretState } | null;
}

const ctx = (shopId: number, field: string) => `shop:${shopId}:paymentKeys.${field}`;

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
          mode: s.publishableKey.startsWith('pk_live_') ? 'live' : 'test',
          secretKey: state(box, shopId, 'stripe.secretKey', s.secretKey),
          webhookSecret: state(box, shopId, 'stripe.webhookSecret', s.webhookSecret),
        }
      : null,
    paypal: p ? { clientId: p.clientId, clientSecret: state(box, shopId, 'paypal.clientSecret', p.clientSecret) } : null,
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

const modeOf = (key: string) => (/_live_/.test(key) ? 'live' : 'test');

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
    next.stripe = { publishableKey, secretKey: seal('secretKey', b.secretKey), webhookSecret: seal('webhookSecret', b.webhookSecret) };
  }
  if (body.paypal === null) delete next.paypal;
  else if (body.paypal) {
    const clientId = body.paypal.clientId || stored.paypal?.clientId;
    const clientSecret = body.paypal.clientSecret
      ? box.seal(body.paypal.clientSecret, ctx(shopId, 'paypal.clientSecret'))
      : stored.paypal?.clientSecret;
    if (!clientId) throw new HttpError(400, M.paypalPair, 'paypal.clientId');
    if (!clientSecret) throw new HttpError(400, M.paypalPair, 'paypal.clientSecret');
    next.paypal = { clientId, clientSecret };
  }
  await db
    .update(shops)
    .set({ settings: sql`${shops.settings} || ${JSON.stringify({ paymentKeys: next })}::jsonb`, updatedAt: new Date() })
    .where(eq(shops.id, shopId));
  return { ...toDto(box, shopId, next), message: M.saved };
}
