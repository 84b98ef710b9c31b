import { expect, test, type Locator, type Page } from '@playwright/test';
import { pickOption } from '../support/antd';
import { loginViaApi, loginViaForm } from '../support/session';
import { acceptAgeIfAsked } from '../support/shop';

// Issue 17: the owner creates a recurring tasting event (3 places a slot, one weekday over a week: one slot) and
// books two places for a client from the back office; a buyer books the last place from their cart; another visitor
// is told that no slot is available.

const DAY = 86_400_000;
const ddmmyyyy = (d: Date) => `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;
const WEEKDAYS = ['Dimanche', 'Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi'];

async function fillDate(scope: Locator | Page, label: RegExp, value: string) {
  const input = scope.getByLabel(label);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await expect(input).toHaveValue(value);
}

/** Picks one option of an antd multiple Select (the list stays open after a pick: closed with Escape). */
async function pickMany(page: Page, label: RegExp, option: string) {
  const open = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
  await page.getByRole('combobox', { name: label }).click();
  await open.locator(`.ant-select-item-option[title="${option}"]`).click();
  await page.keyboard.press('Escape');
  await expect(open).toHaveCount(0);
}

/** Puts a bottle of the Domaine in the cart (a cart order of that seller is where its activities are booked). */
async function bottleInCart(page: Page) {
  await page.goto('/domaine-demo');
  await acceptAgeIfAsked(page);
  await page.getByRole('link', { name: 'Les Galets Rouges' }).first().click();
  await page.getByRole('button', { name: 'Ajouter au panier' }).click();
  await expect(page.locator('.wz-cart-drawer').getByText('Les Galets Rouges')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/cart');
}

/** Opens 'Réserver une activité' of the Domaine's order in the cart and chooses the event. */
async function openEvent(page: Page, title: string): Promise<Locator> {
  const domaine = page.getByTestId('cart-page-order').filter({ has: page.getByRole('heading', { name: 'Domaine de Démo' }) });
  await domaine.getByRole('button', { name: /Réserver une activité/ }).click();
  const event = domaine.getByTestId('event').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(event).toBeVisible();
  // the demo shop has other events: this one is chosen (with a single event, it is open at once)
  const choose = event.getByRole('button', { name: 'Choisir' });
  if (await choose.count()) await choose.click();
  return event;
}

test('a recurring tasting: the owner books two places for a client, a buyer the last one, then no slot is left', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const title = `Dégustation au chai ${Date.now()}`;
  const from = new Date(Date.now() + 14 * DAY);
  const to = new Date(from.getTime() + 6 * DAY);

  // the owner: the event, then its slots from a weekly schedule
  await loginViaForm(page, 'owner');
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/dashboard/reservations/events/add');
  await page.getByLabel(/^Titre/).fill(title);
  const rate = page.getByRole('group', { name: 'Tarif 1' });
  await rate.getByLabel(/Prix TTC/).fill('15');
  await page.getByLabel(/^Places par créneau/).fill('3');
  await page.getByRole('button', { name: 'Enregistrer l’événement' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/reservations\/events\/\d+$/);

  await page.getByRole('radiogroup', { name: 'Planning' }).getByText('Récurrence').click();
  await fillDate(page, /^Du/, ddmmyyyy(from));
  await fillDate(page, /^Au/, ddmmyyyy(to));
  await pickMany(page, /^Jours/, WEEKDAYS[from.getDay()]);
  await pickMany(page, /^Horaires/, '10:00');
  await page.getByRole('button', { name: 'Créer les créneaux' }).click();
  await expect(page.getByTestId('event-slot')).toHaveCount(1);

  // two places for a client, from the back office
  await page.goto('/dashboard/reservations/add');
  const client = page.getByRole('combobox', { name: /^Client/ });
  await client.click();
  await client.fill('Acheteuse');
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: 'Béatrice' })
    .first()
    .click();
  await pickOption(page, /^Événement/, title);
  await page.getByRole('combobox', { name: /^Créneau/ }).click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: '3 places restantes' })
    .click();
  await page.getByLabel(/^Adulte/).fill('2');
  await page.getByRole('button', { name: 'Enregistrer la réservation' }).click();
  await expect(page).toHaveURL(/\/dashboard\/reservations\/\d+$/);
  await expect(page.getByText(title).first()).toBeVisible();

  // a buyer books the last place from their cart and orders it
  const buyer = await browser.newPage();
  const { jwt } = await loginViaApi(buyer, request, 'buyer');
  await request.put('/v1/users/me', {
    headers: { Authorization: `Bearer ${jwt}` },
    data: { cart: { orders: [], lastUpdated: null }, message: false },
  });
  await bottleInCart(buyer);
  const event = await openEvent(buyer, title);
  await expect(event.getByText('1 place(s) restante(s)')).toBeVisible();
  await event.getByRole('radio').first().check();
  await event.getByLabel('Nombre : Adulte').fill('1');
  await event.getByRole('button', { name: 'Ajouter au panier' }).click();
  const domaine = buyer.getByTestId('cart-page-order').filter({ has: buyer.getByRole('heading', { name: 'Domaine de Démo' }) });
  await expect(domaine.getByText(title).first()).toBeVisible();
  await domaine.getByRole('button', { name: 'Commander' }).click();
  const section = domaine.getByTestId('checkout-section');
  await section.getByRole('radio', { name: /Retrait : Retrait au domaine/ }).check();
  await section.getByRole('radio', { name: 'Chèque' }).check();
  await section.getByRole('checkbox', { name: /J’accepte les conditions générales de vente/ }).check();
  await section.getByRole('button', { name: 'Commander' }).click();
  await expect(buyer.getByTestId('order-confirmation')).toBeVisible({ timeout: 20_000 });
  await buyer.close();

  // another visitor: the slot is full
  const visitor = await browser.newPage();
  await bottleInCart(visitor);
  const full = await openEvent(visitor, title);
  await expect(full.getByTestId('no-slot')).toContainText("Aucun créneau n'est disponible");
  await visitor.close();

  // the owner sees the three places taken on the day
  await page.goto(`/dashboard/reservations?view=slots&from=${from.toISOString().slice(0, 10)}`);
  const slot = page.getByRole('region', { name: new RegExp(title) });
  await expect(slot.getByText('Complet')).toBeVisible();
  await expect(slot.getByText('Béatrice Acheteuse')).toHaveCount(2);
});
