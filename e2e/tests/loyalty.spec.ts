import { expect, test } from '@playwright/test';
import { DEMO, loginViaApi } from '../support/session';
import { addFromShop, cents, fillCard, orderOf } from '../support/shop';

// Loyalty and promotion codes: the owner gives a client points on the client file; the buyer uses a
// promotion code and a loyalty offer in the cart, pays, and the points spent and earned show on the client file.
// The programme and the code are set through the api (their screens have fast tests), unique per run.

test('the owner grants points on the client file; the buyer uses a promotion code and points at checkout', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const auth = async (who: 'owner' | 'buyer') => {
    const res = await request.post('/v1/auth/login', { data: { email: DEMO[who].email, password: DEMO[who].password } });
    return { Authorization: `Bearer ${(await res.json()).jwt as string}` };
  };
  const owner = await auth('owner');
  const shop = await (await request.get('/v1/shops/domaine-demo')).json();
  const program = await request.put('/v1/loyalty/program', {
    headers: owner,
    data: {
      active: true,
      basis: 'euro',
      pointsPerUnit: 1,
      levels: [{ name: 'Argent', threshold: 100, offers: [{ kind: 'discount', type: '%', amount: 10 }] }],
    },
  });
  expect(program.ok()).toBeTruthy();
  const code = `LOY${Date.now().toString(36).toUpperCase()}`.slice(0, 15);
  expect((await request.post('/v1/promo-codes', { headers: owner, data: { code, kind: 'percent', value: 5 } })).status()).toBe(201);

  // ---- the owner: the buyer's client file, « Ajuster les points »
  const buyerAuth = await auth('buyer');
  const before = (await (await request.get(`/v1/loyalty/shops/${shop.id}/me`, { headers: buyerAuth })).json()).balance as number;
  const clients = await (await request.get('/v1/crm/clients?q=buyer%40demo.test', { headers: owner })).json();
  const clientId = clients.items[0].id as number;
  const ownerPage = await browser.newPage({ locale: 'fr-FR' });
  await loginViaApi(ownerPage, ownerPage.request, 'owner');
  await ownerPage.goto(`/dashboard/clients/${clientId}`);
  const card = ownerPage.getByRole('region', { name: 'Fidélité' }).or(ownerPage.getByTestId('loyalty-card'));
  await card.getByRole('button', { name: 'Ajuster les points' }).click();
  const drawer = ownerPage.getByRole('dialog');
  await drawer.getByRole('spinbutton', { name: 'Points' }).fill('150');
  const reason = `Geste commercial ${code}`; // unique: a retry finds its own line
  await drawer.getByRole('textbox', { name: 'Motif' }).fill(reason);
  await drawer.getByRole('button', { name: 'Enregistrer l’ajustement' }).click();
  await expect(card.getByText(`${before + 150} points`).first()).toBeVisible();
  await expect(card.getByText(reason)).toBeVisible();
  await ownerPage.close();

  // ---- the buyer: a code and the loyalty offer in the cart, then the card
  const page = await browser.newPage({ locale: 'fr-FR' });
  const { jwt } = await loginViaApi(page, page.request, 'buyer');
  await page.request.put('/v1/users/me', {
    headers: { Authorization: `Bearer ${jwt}` },
    data: { cart: { orders: [], lastUpdated: null }, message: false },
  });
  await addFromShop(page, '/domaine-demo', 'Les Galets Rouges', 6);
  await page.goto('/cart');
  const domaine = orderOf(page, 'Domaine de Démo');
  const totalOf = async () => cents((await domaine.getByTestId('order-total-ttc').textContent()) ?? '');
  await expect(domaine.getByTestId('order-total-ttc')).toHaveText(/€/);
  const plain = await totalOf();

  await domaine.getByLabel('Code promo').fill(code.toLowerCase());
  await domaine.getByRole('button', { name: 'Appliquer' }).click();
  await expect(domaine.getByTestId('promo-code').getByText(`Code promo ${code}`)).toBeVisible();
  await expect.poll(totalOf).toBeLessThan(plain);
  const withCode = await totalOf();

  const loyalty = domaine.getByTestId('loyalty');
  await expect(loyalty.getByText(`Fidélité : ${before + 150} points`)).toBeVisible();
  await loyalty.getByRole('radio', { name: /Argent · Remise de 10 %/ }).check();
  await expect(loyalty.getByText('Offre appliquée : −100 points')).toBeVisible();
  await expect(domaine.getByText('Fidélité (Argent)')).toBeVisible();
  await expect.poll(totalOf).toBeLessThan(withCode);

  await domaine.getByRole('button', { name: 'Commander' }).click();
  const section = domaine.getByTestId('checkout-section');
  await section.getByRole('radio', { name: /Colissimo France/ }).check();
  await section.getByRole('radio', { name: 'Carte bancaire' }).check();
  await section.getByRole('checkbox', { name: /J’accepte les conditions générales de vente/ }).check();
  const total = cents((await section.getByTestId('server-total').textContent())!);
  await section.getByRole('button', { name: 'Commander' }).click();
  await fillCard(page, '4242 4242 4242 4242');
  const done = page.getByTestId('order-confirmation');
  await expect(done).toBeVisible({ timeout: 20_000 });
  await expect(done.getByTestId('confirmation-total')).toHaveText(/€/);
  expect(cents((await done.getByTestId('confirmation-total').textContent())!)).toBe(total);

  // points: +150 granted, −100 spent, + a point per euro paid
  await expect
    .poll(async () => (await (await request.get(`/v1/loyalty/shops/${shop.id}/me`, { headers: buyerAuth })).json()).balance)
    .toBe(before + 150 - 100 + Math.floor(total / 100));
  await page.close();
});
