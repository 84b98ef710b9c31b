// The shop's payment provider keys (settings section integrations): owner only, secrets stored sealed and
// never sent back, kept when not resent, test and live never mixed.
import request from 'supertest';
import { bearer, createTestContext, loginAs, type TestContext } from '../../test/test-app';
import { shops } from '../../platform/db/tables';

describe('/v1/shops/me/settings/payment-keys', () => {
  let ctx: TestContext;
  let owner: string;
  let iam: string;
  const secret = 'sk_test_51Habcdefghijklmnopqrstuv1234';
  const call = (method: 'get' | 'put', token: string, body?: unknown) =>
    request(ctx.app)
      [method]('/v1/shops/me/settings/payment-keys')
      .set(bearer(token))
      .send(body as object);

  beforeAll(async () => {
    ctx = await createTestContext();
    [owner, iam] = await Promise.all([loginAs(ctx.app, 'owner@demo.test'), loginAs(ctx.app, 'iam@demo.test')]);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('stores the secrets sealed, shows only their last 4, keeps them when not resent, and removes a provider', async () => {
    expect((await call('get', owner)).body).toEqual({ stripe: null, paypal: null });
    const saved = await call('put', owner, {
      stripe: { publishableKey: 'pk_test_51Habcdefghijklmnop', secretKey: secret, webhookSecret: 'whsec_abcdefghijklmnop42' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({
      message: 'Vos clés de paiement ont été enregistrées',
      stripe: {
        publishableKey: 'pk_test_51Habcdefghijklmnop',
        mode: 'test',
        secretKey: { set: true, last4: '1234' },
        webhookSecret: { set: true, last4: 'op42' },
      },
      paypal: null,
    });
    // nothing readable in the database, nothing in the session's shop
    const raw = JSON.stringify((await ctx.handle.db.select({ s: shops.settings }).from(shops)).map((r) => r.s));
    expect(raw).not.toContain(secret);
    expect(raw).toContain('paymentKeys');
    const me = await request(ctx.app).get('/v1/shops/me').set(bearer(owner));
    expect(JSON.stringify(me.body)).not.toContain('paymentKeys');

    // an empty string keeps the stored secret; PayPal added beside
    const again = await call('put', owner, {
      stripe: { publishableKey: '', secretKey: '', webhookSecret: '' },
      paypal: { clientId: 'AbCdEfGhIjKlMnOpQrStUvWx', clientSecret: 'EFGHijklMNOPqrstUVWXyz9876' },
    });
    expect(again.body.stripe.secretKey).toEqual({ set: true, last4: '1234' });
    expect(again.body.paypal).toEqual({
      clientId: 'AbCdEfGhIjKlMnOpQrStUvWx',
      mode: 'test',
      webhookId: null,
      clientSecret: { set: true, last4: '9876' },
    });
    // the PayPal mode (sandbox or live: PayPal ids do not tell) and its webhook id, kept with the secret
    const live = await call('put', owner, { paypal: { mode: 'live', webhookId: '1JE4291016473214C' } });
    expect(live.body.paypal).toEqual({
      clientId: 'AbCdEfGhIjKlMnOpQrStUvWx',
      mode: 'live',
      webhookId: '1JE4291016473214C',
      clientSecret: { set: true, last4: '9876' },
    });

    const removed = await call('put', owner, { stripe: null });
    expect(removed.body.stripe).toBeNull();
    expect(removed.body.paypal.clientSecret.set).toBe(true);
    await call('put', owner, { paypal: null });
  });

  it('refuses bad keys, mixed test and live keys, and anyone but the owner', async () => {
    const bad = await call('put', owner, { stripe: { publishableKey: 'sk_test_oops1234567890' } });
    expect([bad.status, bad.body.field, bad.body.message]).toEqual([
      400,
      'stripe.publishableKey',
      'La clé publique Stripe commence par pk_test_ ou pk_live_',
    ]);
    const mixed = await call('put', owner, { stripe: { publishableKey: 'pk_live_51Habcdefghijklmnop', secretKey: secret } });
    expect([mixed.status, mixed.body.field]).toEqual([400, 'stripe.secretKey']);
    const lone = await call('put', owner, { stripe: { secretKey: secret } });
    expect([lone.status, lone.body.field]).toEqual([400, 'stripe.publishableKey']);
    const halfPaypal = await call('put', owner, { paypal: { clientId: 'AbCdEfGhIjKlMnOpQrStUvWx' } });
    expect([halfPaypal.status, halfPaypal.body.field]).toEqual([400, 'paypal.clientSecret']);
    expect((await call('get', iam)).status).toBe(403);
    expect((await call('put', iam, { stripe: null })).status).toBe(403);
    expect((await call('get', owner)).body).toEqual({ stripe: null, paypal: null });
  });
});
