import { expect, test } from '@playwright/test';
import { DEMO, loginViaApi, loginViaForm } from '../support/session';
import { addFromShop, orderOf } from '../support/shop';

// The owner's whole flow, through the screens: a new wine created with its stock is on the shop at once; a buyer
// orders six bottles and pays by cheque; the owner validates and invoices the order, records the first part of the
// cheque money from the order, which then lists the payment and what is still due; part of it is shipped, and the
// invoice is in the year's FEC.

const euros = (cents: number) =>
  new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(cents / 100).replace(/[\u202f\u00a0]/g, ' ');
const flat = (s: string | null) => (s ?? '').replace(/[\u202f\u00a0]/g, ' ');

test('the owner creates a wine with its stock, a buyer orders it by cheque, the owner validates, invoices, records part of the payment, ships part and finds it in the FEC', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const name = `Cuvée du Parcours ${Date.now()}`;

  // 1. the wine, then its stock, from the creation screen
  await loginViaForm(page, 'owner');
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/dashboard/products/add');
  await page.getByRole('textbox', { name: /^Nom/ }).fill(name);
  await page.getByRole('tab', { name: /^Millésimes/ }).click();
  await page.getByRole('textbox', { name: /^Millésime \(année ou NV\)/ }).fill('2024');
  await page.getByRole('tab', { name: /^Prix/ }).click();
  await page.getByRole('spinbutton', { name: /Prix TTC – Particulier/ }).fill('15');
  await page.getByRole('spinbutton', { name: /Prix HT – Professionnel/ }).fill('10');
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Ajouter du stock' })).toBeVisible();
  await page.getByRole('spinbutton').first().fill('24');
  await page.getByRole('button', { name: 'Enregistrer le stock' }).click();
  await expect(page).toHaveURL(/\/dashboard\/products\/\d+$/);
  const productId = Number(page.url().split('/').pop());

  // 2. a buyer finds it on the shop, orders six and pays by cheque
  const buyer = await browser.newPage();
  const { jwt } = await loginViaApi(buyer, request, 'buyer');
  await request.put('/v1/users/me', {
    headers: { Authorization: `Bearer ${jwt}` },
    data: { cart: { orders: [], lastUpdated: null }, message: false },
  });
  await addFromShop(buyer, '/domaine-demo', name, 6);
  await buyer.goto('/cart');
  const domaine = orderOf(buyer, 'Domaine de Démo');
  await domaine.getByRole('button', { name: 'Commander' }).click();
  const section = domaine.getByTestId('checkout-section');
  await section.getByRole('radio', { name: /Retrait : Retrait au domaine/ }).check();
  await section.getByRole('radio', { name: 'Chèque' }).check();
  await section.getByRole('checkbox', { name: /J’accepte les conditions générales de vente/ }).check();
  await section.getByRole('button', { name: 'Commander' }).click();
  const done = buyer.getByTestId('order-confirmation');
  await expect(done).toBeVisible({ timeout: 20_000 });
  const number = (await done.getByTestId('confirmation-number').textContent())!.trim();
  await buyer.close();

  // 3. the owner validates and invoices it
  const owner = await (await request.post('/v1/auth/login', { data: DEMO.owner })).json();
  const auth = { Authorization: `Bearer ${owner.jwt}` };
  const list = await (await request.get(`/v1/orders?q=${encodeURIComponent(number)}`, { headers: auth })).json();
  const orderId: number = (list.items ?? list).find((o: { number: string }) => o.number === number).id;
  await page.goto(`/dashboard/orders/${orderId}`);
  await expect(page.getByText('En attente', { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Valider la commande', exact: true }).click();
  await page.getByRole('dialog', { name: 'Valider la commande ?' }).getByRole('button', { name: 'Valider' }).click();
  await expect(page.getByText('Validée', { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Facturer', exact: true }).click();
  await page.getByRole('dialog', { name: 'Facturer la commande ?' }).getByRole('button', { name: 'Facturer' }).click();
  const issued = page.getByText(/^Facture F\d{4}-\d{5} émise$/).first();
  await expect(issued).toBeVisible();
  const invoiceNumber = (await issued.textContent())!.match(/F\d{4}-\d{5}/)![0];
  const total: number = (await (await request.get(`/v1/orders/${orderId}`, { headers: auth })).json()).totalTTC;
  expect(total).toBeGreaterThan(2000);
  await expect(page.getByTestId('order-amount-due')).toHaveText(euros(total));

  // 4. the first 20 € of the cheque, recorded from the order: prefilled with the client, the invoice and what is due
  await page.getByRole('button', { name: 'Enregistrer un règlement' }).click();
  const pay = page.getByRole('dialog', { name: 'Enregistrer un règlement' });
  const amount = pay.getByRole('spinbutton', { name: 'Montant', exact: true });
  await expect(amount).toHaveValue((total / 100).toFixed(2).replace('.', ','));
  await amount.fill('20');
  await expect(pay.getByTestId('payment-allocated')).toContainText('20,00');
  await pay.getByRole('button', { name: 'Enregistrer le règlement' }).click();
  await expect(pay).toBeHidden();
  await expect(page.getByTestId('order-amount-due')).toHaveText(euros(total - 2000));
  await expect(page.getByText(euros(2000)).first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('order-partly-paid.png'), fullPage: true });

  // 5. part of it leaves: two bottles now
  await page.getByRole('button', { name: 'Expédier', exact: true }).click();
  const ship = page.getByRole('dialog', { name: 'Expédier la commande' });
  await ship.getByText('Expédier une partie seulement').click();
  await ship.getByRole('group', { name: 'Quantités expédiées maintenant' }).getByRole('spinbutton').first().fill('2');
  await ship.getByRole('button', { name: 'Expédier' }).click();
  await expect(page.getByText(/Expédiée|partiellement/i).first()).toBeVisible();

  // 6. the invoice is in the sales journal and in the year's FEC
  const year = new Date().getFullYear();
  await expect
    .poll(async () => flat(await (await request.get(`/v1/accounting/fec?year=${year}`, { headers: auth })).text()).includes(invoiceNumber))
    .toBe(true);

  // leave the demo shop as it was for the other specs: the wine is archived (gone from the shop)
  expect((await request.post(`/v1/catalogue/products/${productId}/archive`, { headers: auth })).ok()).toBeTruthy();
});
