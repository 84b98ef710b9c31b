// PayPal Orders v2 on a shop's own account, against the local PayPal fake (two accounts, each seeing only its own).
import { startPayPalFake, type PayPalFake } from '../fakes/paypal-fake.test-support';
import { PAYPAL_MESSAGES, PayPalClient, PayPalError } from './paypal';
import { WebhookSignatureError } from './provider';

const A = { clientId: 'AaaaaaaaaaaaaaaaaaaaaaaaClientA', clientSecret: 'EaaaaaaaaaaaaaaaaaaaaaaSecretA', webhookId: 'WHAAAAAAAAAA1' };
const B = { clientId: 'BbbbbbbbbbbbbbbbbbbbbbbbClientB', clientSecret: 'EbbbbbbbbbbbbbbbbbbbbbbSecretB', webhookId: 'WHBBBBBBBBBB2' };

describe('PayPalClient (Orders v2, local PayPal fake)', () => {
  let fake: PayPalFake;
  const client = (account: typeof A, over: Partial<typeof A> = {}) => new PayPalClient({ baseUrl: fake.url, ...account, ...over });

  beforeAll(async () => {
    fake = await startPayPalFake([A, B]);
  });
  afterAll(() => fake.close());

  it('creates an order, the buyer approves on PayPal and comes back, it is captured once, then refunded in part and in full', async () => {
    const paypal = client(A);
    const created = await paypal.createOrder({
      paymentId: 41,
      orderId: 7,
      amountCents: 2550,
      returnUrl: 'https://shop.test/paypal/return?payment=41',
      cancelUrl: 'https://shop.test/paypal/cancel?payment=41',
    });
    expect(created.status).toBe('PAYER_ACTION_REQUIRED');
    expect(created.approveUrl).toBe(`${fake.url}/checkoutnow?token=${created.id}`);
    expect(fake.orders(A.clientId).map((o) => [o.id, o.amount.value])).toEqual([[created.id, '25.50']]);
    expect(fake.orders(B.clientId)).toEqual([]);
    // a retried create (same PayPal-Request-Id) is the same order
    expect(
      (await paypal.createOrder({ paymentId: 41, orderId: 7, amountCents: 2550, returnUrl: 'https://x', cancelUrl: 'https://y' })).id,
    ).toBe(created.id);
    expect(fake.orders(A.clientId)).toHaveLength(1);

    // not approved yet: PayPal refuses the capture
    const early = await paypal.capture(created.id).catch((e) => e);
    expect(early).toEqual(new PayPalError(422, 'ORDER_NOT_APPROVED'));

    const back = new URL(fake.approve(A.clientId, created.id));
    expect([back.pathname, back.searchParams.get('payment'), back.searchParams.get('token')]).toEqual(['/paypal/return', '41', created.id]);
    const captured = await paypal.capture(created.id);
    expect(captured.status).toBe('COMPLETED');
    expect(captured.captureId).toBe(fake.orders(A.clientId)[0].captureId);
    // captured again (the webhook and the return page at once): the same capture, read back
    expect(await paypal.capture(created.id)).toEqual(captured);
    // B's account cannot capture A's order
    expect(
      await client(B)
        .capture(created.id)
        .catch((e) => e),
    ).toEqual(new PayPalError(404, 'INVALID_RESOURCE_ID'));

    const part = await paypal.refund({ paymentId: 41, captureId: captured.captureId!, amountCents: 550, key: 'AV1' });
    const sameAgain = await paypal.refund({ paymentId: 41, captureId: captured.captureId!, amountCents: 550, key: 'AV1' });
    expect(sameAgain.ref).toBe(part.ref);
    await paypal.refund({ paymentId: 41, captureId: captured.captureId!, amountCents: 2000 });
    expect(fake.refunds(A.clientId).map((r) => r.amount.value)).toEqual(['5.50', '20.00']);
    expect(await paypal.refund({ paymentId: 41, captureId: captured.captureId!, amountCents: 1, key: 'more' }).catch((e) => e)).toEqual(
      new PayPalError(422, 'REFUND_AMOUNT_EXCEEDED'),
    );
    expect(fake.refunds(B.clientId)).toEqual([]);
  });

  it("verifies a webhook with PayPal's verify-webhook-signature: its own account's event passes, a forged or another shop's does not", async () => {
    const event = fake.event(A.clientId, 'PAYMENT.CAPTURE.COMPLETED', {
      id: 'CAP123',
      status: 'COMPLETED',
      supplementary_data: { related_ids: { order_id: 'ORD1' } },
    });
    const parsed = await client(A).parseWebhook(Buffer.from(event.payload), event.headers);
    expect(parsed).toMatchObject({ type: 'PAYMENT.CAPTURE.COMPLETED', resourceId: 'CAP123', orderId: 'ORD1' });

    // the same event at shop B's endpoint (B's keys and webhook id): refused
    await expect(client(B).parseWebhook(Buffer.from(event.payload), event.headers)).rejects.toBeInstanceOf(WebhookSignatureError);
    // tampered body, forged signature, missing headers, no webhook id configured
    const tampered = Buffer.from(event.payload.replace('CAP123', 'CAP999'));
    await expect(client(A).parseWebhook(tampered, event.headers)).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(
      client(A).parseWebhook(Buffer.from(event.payload), { ...event.headers, 'paypal-transmission-sig': 'Zm9yZ2Vk' }),
    ).rejects.toBeInstanceOf(WebhookSignatureError);
    const { 'paypal-cert-url': _c, ...noCert } = event.headers;
    await expect(client(A).parseWebhook(Buffer.from(event.payload), noCert)).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(client(A, { webhookId: '' }).parseWebhook(Buffer.from(event.payload), event.headers)).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
  });

  it('« Tester la connexion »: a token with the keys, or the reason in French', async () => {
    expect(await client(A).testConnection()).toEqual({ ok: true, message: PAYPAL_MESSAGES.connected });
    expect(await client(A, { clientSecret: 'wrong-secret-0000000000' }).testConnection()).toEqual({
      ok: false,
      message: PAYPAL_MESSAGES.badKey,
    });
    // nothing listens there
    expect(await new PayPalClient({ ...A, baseUrl: 'http://127.0.0.1:1' }).testConnection()).toEqual({
      ok: false,
      message: PAYPAL_MESSAGES.unreachable,
    });
  });
});
