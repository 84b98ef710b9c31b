// The payment and carrier providers the e2e product talks to: local fakes of PayPal's and UPS's REST APIs (the api's
// own test fakes), started by global-setup beside the product, never the real services. Their addresses reach the
// tests through E2E_PAYPAL_URL / E2E_UPS_URL.

/** Two PayPal accounts: the Domaine's and the Brasserie's (each producer paid on their own). */
export const PAYPAL_ACCOUNTS = {
  domaine: { clientId: 'AaE2eDomainePayPalClient01', clientSecret: 'EaE2eDomainePayPalSecret000001', webhookId: 'WH-E2E-DOMAINE-1' },
  brasserie: { clientId: 'AbE2eBrasseriePayPalClient2', clientSecret: 'EbE2eBrasseriePayPalSecret0002', webhookId: 'WH-E2E-BRASSERIE' },
} as const;

/** The credentials the fake UPS accepts (see api/src/modules/shipping/fake-ups.test-support.ts). */
export const UPS_CREDENTIALS = { clientId: 'fake-client-id', clientSecret: 'fake-client-secret', accountNumber: 'A1B2C3' } as const;

export const paypalFakeUrl = () => process.env.E2E_PAYPAL_URL ?? '';
export const upsFakeUrl = () => process.env.E2E_UPS_URL ?? '';
