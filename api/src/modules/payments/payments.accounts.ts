import type { Db } from '../../platform/db/client';
import type { SecretBox } from '../../platform/secret-box';
import { shopPaymentAccounts, type ShopPaymentAccounts } from '../shops';
import { PayPalClient } from './providers/paypal';
import type { PaymentProvider } from './providers/provider';
import { StripeProvider } from './providers/stripe';

/**
 * Whose account a shop's online payment goes to. Each producer is paid on their own account: a shop with its own
 * Stripe keys (Intégrations › « Clés de paiement ») is charged, refunded and notified on that account. A shop without
 * keys uses the platform's provider only when the platform allows it: always for the local sandbox (no real money),
 * for the platform's Stripe account only with STRIPE_PLATFORM_ACCOUNT=shared (money collected for another company
 * must be a deliberate choice of the operator). Otherwise its card payment is not offered (`stripeIsActive` false).
 */
export interface Account {
  provider: PaymentProvider;
  /** 'shop': the shop's own keys; 'platform': the platform's provider (sandbox or STRIPE_SECRET_KEY) */
  owner: 'shop' | 'platform';
}

export interface AccountsOptions {
  secrets: SecretBox;
  platform: PaymentProvider;
  /** a shop without keys may use the platform's provider */
  platformForShops: boolean;
  /** STRIPE_API_BASE (the local fake in tests); default Stripe's API */
  stripeApiBase?: string;
  /** PAYPAL_API_BASE; default PayPal's sandbox for test keys, PayPal's live API for live ones */
  paypalApiBase?: string;
}

export const PAYPAL_SANDBOX_BASE = 'https://api-m.sandbox.paypal.com';
export const PAYPAL_LIVE_BASE = 'https://api-m.paypal.com';

export function createAccounts(options: AccountsOptions) {
  // One Stripe client per shop and key: a key changed in the settings gets a new client, an old one is dropped.
  const stripeClients = new Map<number, { secretKey: string; webhookSecret: string | null; provider: StripeProvider }>();

  function stripeProvider(shopId: number, keys: NonNullable<ShopPaymentAccounts['stripe']>): StripeProvider {
    const cached = stripeClients.get(shopId);
    if (cached && cached.secretKey === keys.secretKey && cached.webhookSecret === keys.webhookSecret) return cached.provider;
    const provider = new StripeProvider({
      secretKey: keys.secretKey,
      publishableKey: keys.publishableKey,
      webhookSecret: keys.webhookSecret ?? undefined,
      apiBase: options.stripeApiBase,
    });
    stripeClients.set(shopId, { secretKey: keys.secretKey, webhookSecret: keys.webhookSecret, provider });
    return provider;
  }

  function paypalClient(keys: NonNullable<ShopPaymentAccounts['paypal']>): PayPalClient {
    const baseUrl = options.paypalApiBase || (keys.mode === 'live' ? PAYPAL_LIVE_BASE : PAYPAL_SANDBOX_BASE);
    return new PayPalClient({ baseUrl, clientId: keys.clientId, clientSecret: keys.clientSecret, webhookId: keys.webhookId });
  }

  return {
    platform: options.platform,

    /** The account a card / SEPA / imprint payment of the shop goes to; null: not offered (no keys, platform not allowed). */
    async cardAccountOf(db: Db, shopId: number): Promise<Account | null> {
      const keys = await shopPaymentAccounts(db, options.secrets, shopId);
      if (keys.stripe) return { provider: stripeProvider(shopId, keys.stripe), owner: 'shop' };
      return options.platformForShops ? { provider: options.platform, owner: 'platform' } : null;
    },

    /** The shop's own Stripe account (its webhook endpoint, the connection test), null without keys. */
    async shopStripeOf(db: Db, shopId: number): Promise<StripeProvider | null> {
      const keys = await shopPaymentAccounts(db, options.secrets, shopId);
      return keys.stripe ? stripeProvider(shopId, keys.stripe) : null;
    },

    /** The shop's PayPal account, null without keys (PayPal is then not offered). */
    async paypalOf(db: Db, shopId: number): Promise<PayPalClient | null> {
      const keys = await shopPaymentAccounts(db, options.secrets, shopId);
      return keys.paypal ? paypalClient(keys.paypal) : null;
    },
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
