import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { PAYPAL_ACCOUNTS, UPS_CREDENTIALS, paypalFakeUrl } from '../support/fakes';
import { mailTexts } from '../support/mail';
import { DEMO, loginViaApi } from '../support/session';
import { addFromShop, cents, orderOf } from '../support/shop';

// The producers' own integrations, against local fakes of PayPal and UPS started beside the product: a buyer pays two
// producers with PayPal in one cart (each PayPal account sees only its own order), then the Domaine's owner ships that
// order with UPS and prints its label, and the buyer follows the parcel from the order page and the mail.

type Keys = (typeof PAYPAL_ACCOUNTS)[keyof typeof PAYPAL_ACCOUNTS];

async function tokenOf(request: APIRequestContext, who: keyof typeof DEMO): Promise<string> {
  const res = await request.post('/v1/auth/login', { data: { email: DEMO[who].email, password: DEMO[who].password } });
  expect(res.ok()).toBeTruthy();
  return (await res.json()).jwt as string;
}

async function savePayPal(request: APIRequestContext, who: 'owner' | 'owner2', keys: Keys | null) {
  const res = await request.put('/v1/shops/me/settings/payment-keys', {
    headers: { Authorization: `Bearer ${await tokenOf(request, who)}` },
    data: { paypal: keys ? { ...keys, mode: 'test' } : null },
  });
  expect(res.ok()).toBeTruthy();
}

/** What a PayPal account of the fake holds (the fake runs in the setup's process). */
async function paypalAccount(request: APIRequestContext, keys: Keys) {
  const res = await request.get(`${paypalFakeUrl()}/__fake/accounts/${keys.clientId}`);
  expect(res.ok()).toBeTruthy();
  return (await res.json()) as { orders: Array<{ id: string; status: string; amount: { value: string } }> };
}

/** The seller's checkout on the cart page, paid with PayPal: approved on PayPal's page, back on the confirmation. */
async function payWithPayPal(page: Page, seller: string, delivery: RegExp): Promise<{ number: string; total: number }> {
  await page.goto('/cart');
  const order = orderOf(page, seller);
  await order.getByRole('button', { name: 'Commander' }).click();
  const section = order.getByTestId('checkout-section');
  await section.getByRole('radio', { name: delivery }).check();
  await section.getByRole('radio', { name: 'PayPal' }).check();
  await section.getByRole('checkbox', { name: /J’accepte les conditions générales de vente/ }).check();
  const total = cents((await section.getByTestId('server-total').textContent())!);
  await section.getByRole('button', { name: 'Commander' }).click();

  // PayPal's page (the fake's), for this order's amount
  await expect(page).toHaveURL(new RegExp(`^${paypalFakeUrl().replace(/[.]/g, '\\.')}/checkoutnow\\?token=`));
  await expect(page.getByTestId('paypal-amount')).toHaveText(`${(total / 100).toFixed(2)} EUR`);
  await page.getByRole('button', { name: 'Approuver le paiement' }).click();

  await expect(page).toHaveURL(/\/paypal-return\?payment=\d+&token=/);
  const done = page.getByTestId('order-confirmation');
  await expect(done).toBeVisible({ timeout: 20_000 });
  await expect(done.getByTestId('confirmation-total')).toHaveText(
    new RegExp(`${Math.floor(total / 100)},${String(total % 100).padStart(2, '0')}`),
  );
  return { number: (await done.getByTestId('confirmation-number').textContent())!, total };
}

test.describe.serial('integrations of the producers', () => {
  let domaineOrder: { id: number; number: string } | null = null;

  test.afterAll(async ({ request }) => {
    // the other journeys of this product expect the demo's payment methods
    await savePayPal(request, 'owner', null);
    await savePayPal(request, 'owner2', null);
  });

  test('a buyer pays two producers with PayPal in one cart: each PayPal account is charged its own order only', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await savePayPal(request, 'owner', PAYPAL_ACCOUNTS.domaine);
    await savePayPal(request, 'owner2', PAYPAL_ACCOUNTS.brasserie);
    const { jwt } = await loginViaApi(page, request, 'buyer');
    const auth = { Authorization: `Bearer ${jwt}` };
    // an empty cart to start with: earlier journeys may have left lines in the saved cart
    expect(
      (await request.put('/v1/users/me', { headers: auth, data: { cart: { orders: [], lastUpdated: null }, message: false } })).ok(),
    ).toBeTruthy();
    await addFromShop(page, '/domaine-demo', 'Rosé des Vignes', 6);
    await addFromShop(page, '/brasserie-demo', 'Brune des Moines', 12);

    const domaine = await payWithPayPal(page, 'Domaine de Démo', /Colissimo France/);
    // the Domaine's order left the cart, the Brasserie's is paid next, on the same page
    await page.goto('/cart');
    await expect(page.getByTestId('cart-page-order')).toHaveCount(1);
    const brasserie = await payWithPayPal(page, 'Brasserie Démo', /Retrait : Retrait à la brasserie/);

    // each producer's PayPal account holds exactly its own order, captured, for its amount
    const [a, b] = [await paypalAccount(request, PAYPAL_ACCOUNTS.domaine), await paypalAccount(request, PAYPAL_ACCOUNTS.brasserie)];
    const paid = (acc: typeof a) => acc.orders.filter((o) => o.status === 'COMPLETED').map((o) => Math.round(Number(o.amount.value) * 100));
    expect(paid(a)).toEqual([domaine.total]);
    expect(paid(b)).toEqual([brasserie.total]);
    expect(a.orders.map((o) => o.id).filter((id) => b.orders.some((x) => x.id === id))).toEqual([]);

    // both orders are paid in the buyer's list
    const list = await (await request.get('/v1/orders', { headers: auth })).json();
    const byNumber = new Map(list.items.map((o: { id: number; number: string; paymentStatus: string }) => [o.number, o]));
    expect((byNumber.get(domaine.number) as { paymentStatus: string }).paymentStatus).toBe('paid');
    expect((byNumber.get(brasserie.number) as { paymentStatus: string }).paymentStatus).toBe('paid');
    domaineOrder = { id: (byNumber.get(domaine.number) as { id: number }).id, number: domaine.number };
  });

  test('the owner ships that order with UPS and prints its label; the buyer follows the parcel', async ({ page, request }) => {
    test.setTimeout(90_000);
    expect(domaineOrder).not.toBeNull();
    const { id, number } = domaineOrder!;
    const owner = await tokenOf(request, 'owner');
    const saved = await request.put('/v1/shipping/ups/account', {
      headers: { Authorization: `Bearer ${owner}` },
      data: { ...UPS_CREDENTIALS, environment: 'test' },
    });
    expect(saved.ok()).toBeTruthy();

    await loginViaApi(page, request, 'owner');
    await page.goto(`/dashboard/orders/${id}`);
    await page.getByRole('button', { name: 'Expédier avec UPS' }).click();
    const dialog = page.getByRole('dialog', { name: `Expédition UPS — commande ${number}` });
    await dialog.getByRole('button', { name: 'Créer l’expédition UPS' }).click();
    const tracking = dialog.getByRole('link', { name: /^1Z/ });
    await expect(tracking).toBeVisible({ timeout: 20_000 });
    const tn = (await tracking.textContent())!;
    await expect(tracking).toHaveAttribute('href', `https://www.ups.com/track?loc=fr_FR&tracknum=${tn}`);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Imprimer l’étiquette' }).click(),
    ]);
    const pdf = readFileSync(await download.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    // the buyer: the order page says which carrier and links UPS's tracking page
    await loginViaApi(page, request, 'buyer');
    await page.goto(`/dashboard/orders/${id}`);
    const follow = page.getByTestId('order-tracking');
    await expect(follow).toContainText(`UPS · ${tn}`);
    await expect(follow.getByRole('link', { name: tn })).toHaveAttribute('href', `https://www.ups.com/track?loc=fr_FR&tracknum=${tn}`);

    // and the shipping mail carries the same link
    await expect
      .poll(async () =>
        (await mailTexts(DEMO.buyer.email)).some((t) => t.includes(`Suivre le colis : https://www.ups.com/track?loc=fr_FR&tracknum=${tn}`)),
      )
      .toBe(true);
  });
});
