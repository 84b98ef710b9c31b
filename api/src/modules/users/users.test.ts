import request from 'supertest';
import { createTestContext, loginAs, bearer, type TestContext } from '../../test/test-app';

describe('users/me', () => {
  let ctx: TestContext;
  let buyer: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    buyer = await loginAs(ctx.app, 'buyer@demo.test');
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('GET returns the contract User shape', async () => {
    const res = await request(ctx.app).get('/v1/users/me').set(bearer(buyer));
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([
      'billingAddress',
      'business',
      'cart',
      'deliveryAddress',
      'email',
      'emailValidated',
      'firstname',
      'id',
      'isPro',
      'language',
      'lastname',
      'role',
      'shops',
      'username',
    ]);
    expect(res.body).toMatchObject({ email: 'buyer@demo.test', role: 'buyer', shops: [], isPro: false });
    expect(res.body.deliveryAddress).toMatchObject({ city: 'Lyon', country: 'FR', zipcode: '69002' });
  });

  it('PUT updates profile fields and answers with the confirmation message', async () => {
    const res = await request(ctx.app)
      .put('/v1/users/me')
      .set(bearer(buyer))
      .send({ firstname: 'Béa', language: 'en', role: 'superAdmin', email: 'hacker@x.test' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      firstname: 'Béa',
      language: 'en',
      role: 'buyer',
      email: 'buyer@demo.test',
      message: 'Vos informations ont été mises à jour',
    });
    const again = await request(ctx.app).get('/v1/users/me').set(bearer(buyer));
    expect(again.body).toMatchObject({ firstname: 'Béa', language: 'en', role: 'buyer' });
  });

  it('PUT with message:false or a cart-only save returns no message', async () => {
    const cart = { orders: [{ seller: { id: 1 }, products: [] }], lastUpdated: '2026-01-01T00:00:00.000Z' };
    const cartOnly = await request(ctx.app).put('/v1/users/me').set(bearer(buyer)).send({ cart });
    expect(cartOnly.status).toBe(200);
    expect(cartOnly.body.message).toBeUndefined();
    expect(cartOnly.body.cart).toEqual(cart);
    const silent = await request(ctx.app).put('/v1/users/me').set(bearer(buyer)).send({ lastname: 'Acheteuse', message: false });
    expect(silent.status).toBe(200);
    expect(silent.body.message).toBeUndefined();
  });

  it('PUT rejects wrong types with 400 naming the field', async () => {
    const lang = await request(ctx.app).put('/v1/users/me').set(bearer(buyer)).send({ language: 'de' });
    expect(lang.status).toBe(400);
    expect(lang.body).toMatchObject({ success: false, field: 'language' });
    expect(lang.body.message).toEqual(expect.any(String));
    const nested = await request(ctx.app)
      .put('/v1/users/me')
      .set(bearer(buyer))
      .send({ deliveryAddress: { city: 42 } });
    expect(nested.status).toBe(400);
    expect(nested.body.field).toBe('deliveryAddress.city');
    const cart = await request(ctx.app)
      .put('/v1/users/me')
      .set(bearer(buyer))
      .send({ cart: { orders: 'nope' } });
    expect(cart.status).toBe(400);
    expect(cart.body.field).toBe('cart.orders');
    const arr = await request(ctx.app).put('/v1/users/me').set(bearer(buyer)).send([1, 2]);
    expect(arr.status).toBe(400);
  });

  it('requires authentication', async () => {
    expect((await request(ctx.app).put('/v1/users/me').send({ firstname: 'x' })).status).toBe(401);
  });
});
