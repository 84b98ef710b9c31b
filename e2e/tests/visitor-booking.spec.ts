import { expect, test } from '@playwright/test';
import { loginViaForm } from '../support/session';
import { acceptAgeIfAsked, fillCard, orderOf } from '../support/shop';

// A visitor books a tasting from the producer's shop page (no product needed in the cart), signs in at checkout and
// pays the booking by card; the places are taken from the slot.

test('a visitor books a tasting from the shop page and pays it by card', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.goto('/domaine-demo');
  await acceptAgeIfAsked(page);

  // the shop's visits and tastings, each with its slots and places left
  const events = page.getByTestId('shop-events');
  await expect(events.getByRole('heading', { name: 'Visites et dégustations' })).toBeVisible();
  const event = events.getByTestId('shop-event').first();
  const title = (await event.getByRole('heading').first().textContent())!.trim();
  const slot = event.locator('input[type="radio"]:not([disabled])').first();
  await slot.check();
  const slotId = Number(await slot.getAttribute('value'));
  const placesBefore = async () => {
    const list = (await (await request.get('/v1/shops/domaine-demo/events')).json()) as Array<{
      slots: Array<{ id: number; placesLeft: number }>;
    }>;
    return list.flatMap((e) => e.slots).find((s) => s.id === slotId)?.placesLeft ?? 0;
  };
  const before = await placesBefore();

  // two places of its first rate, straight into the cart
  const booking = event.getByTestId('booking');
  const add = booking.getByRole('button', { name: /^Ajouter une place/ }).first();
  await add.click();
  await add.click();
  await expect(booking.getByTestId('booking-total')).toHaveText(/\d+,\d{2}\s€/);
  await booking.getByRole('button', { name: 'Réserver' }).click();
  await expect(page.locator('.wz-cart-drawer').getByText(title).first()).toBeVisible();
  await page.keyboard.press('Escape');

  // checkout: signed in on the way, paid by card
  await page.goto('/cart');
  await orderOf(page, 'Domaine de Démo').getByRole('button', { name: 'Commander' }).click();
  await expect(page).toHaveURL(/\/auth\/login\?redirectLink=%2Fcart/);
  await loginViaForm(page, 'buyer', '/auth/login?redirectLink=%2Fcart');
  await expect(page).toHaveURL(/\/cart$/);
  const domaine = orderOf(page, 'Domaine de Démo');
  await expect(domaine.getByText(title).first()).toBeVisible();
  await domaine.getByRole('button', { name: 'Commander' }).click();
  const section = domaine.getByTestId('checkout-section');
  await section.getByRole('radio', { name: 'Carte bancaire' }).check();
  await section.getByRole('checkbox', { name: /J’accepte les conditions générales de vente/ }).check();
  await section.getByRole('button', { name: 'Commander' }).click();
  await expect(page.getByTestId('card-form')).toBeVisible();
  await fillCard(page, '4242 4242 4242 4242');
  await expect(page.getByTestId('order-confirmation')).toBeVisible({ timeout: 20_000 });

  // the two places are taken from the slot
  await expect.poll(placesBefore).toBe(before - 2);
});
