import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { initI18n } from 'shared-kernel/i18n';
import { useCart } from 'shared-kernel/runtime';
import type { CartProduct } from 'shared-kernel/domain';
import { mockApi, renderPage, type Call } from '../test-utils';
import CartPage from './CartPage';

// Issue 18: the 'Code promo' field of a seller order on the cart page; the server applies the code.
const wine: CartProduct = { idTmp: 'a', id: 1, productType: 'accessory', quantity: 2, name: 'Cuvée', chosenFormat: { id: 1, price: 10 } };
const priceOf = (over: Record<string, unknown>) => ({
  sellerId: 1,
  price: {
    productsHT: 2000,
    productsTTC: 2400,
    promoAmount: 0,
    shipping: 0,
    touristTax: 0,
    totalHT: 2000,
    tva: 400,
    totalTTC: 2400,
    ...over,
  },
  lines: [],
  franco: false,
  francoPercent: 0,
  amountBeforeFranco: null,
  amountBeforeBottleFranco: null,
  problems: [],
});

beforeAll(() => initI18n({ lng: 'fr' }));
beforeEach(() => {
  useCart
    .getState()
    .replace({ lastUpdated: null, orders: [{ seller: { id: 1, name: 'Domaine de Démo' }, products: [wine], reservations: [] }] });
});

const sentCode = (c: Call) => (c.body as { orders: Array<{ promoCode?: string }> }).orders[0].promoCode;

it('applies a code: kept on the order, sent with get-cart-price, the discount line and the server total; removed', async () => {
  const api = mockApi({
    'POST /orders/get-cart-price': (call) =>
      sentCode(call) === 'BIENVENUE10'
        ? {
            body: [
              priceOf({
                promoAmount: 200,
                totalHT: 1800,
                tva: 360,
                totalTTC: 2160,
                promoCode: { code: 'BIENVENUE10', amount: 240, amountHT: 200, freeShipping: false },
              }),
            ],
          }
        : { body: [priceOf({})] },
  });
  renderPage(<CartPage routePath="/cart" />);
  const order = screen.getByTestId('cart-page-order');
  expect(within(order).getByTestId('order-total-ttc').textContent).toBe('24,00\u00a0€');
  fireEvent.change(within(order).getByLabelText('Code promo'), { target: { value: 'bienvenue10' } });
  fireEvent.click(within(order).getByRole('button', { name: 'Appliquer' }));
  expect(useCart.getState().orders[0].promotions).toEqual([{ code: 'BIENVENUE10' }]);
  await waitFor(() => expect(within(order).getByTestId('order-promo-code').textContent).toBe('−2,40\u00a0€'));
  expect(within(within(order).getByTestId('cart-order-totals')).getByText('Code promo BIENVENUE10')).toBeInTheDocument();
  expect(within(order).getByTestId('order-total-ttc').textContent).toBe('21,60\u00a0€');
  // the code's share is not shown twice as a product discount
  expect(within(order).queryByText('Remise')).toBeNull();
  expect(screen.getByTestId('cart-page-total-ttc').textContent).toBe('21,60\u00a0€');
  expect(api.of('POST /orders/get-cart-price').map(sentCode)).toContain('BIENVENUE10');

  fireEvent.click(within(order).getByRole('button', { name: 'Retirer le code' }));
  expect(useCart.getState().orders[0].promotions).toEqual([]);
  await waitFor(() => expect(within(order).getByTestId('order-total-ttc').textContent).toBe('24,00\u00a0€'));
  expect(screen.getByTestId('cart-page-total-ttc').textContent).toBe('24,00\u00a0€');
  expect(within(order).queryByTestId('order-promo-code')).toBeNull();
});

it("shows the server's French message when the code is refused, and the price without it", async () => {
  mockApi({
    'POST /orders/get-cart-price': {
      body: [{ ...priceOf({}), problems: [{ field: 'promoCode', message: "Ce code promo n'existe pas", sellerId: 1 }] }],
    },
  });
  renderPage(<CartPage routePath="/cart" />);
  const order = screen.getByTestId('cart-page-order');
  const input = within(order).getByLabelText('Code promo');
  fireEvent.change(input, { target: { value: 'faux' } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  expect(await within(order).findByText("Ce code promo n'existe pas")).toBeInTheDocument();
  expect(within(order).getByTestId('order-total-ttc').textContent).toBe('24,00\u00a0€');
  expect(within(order).queryByTestId('order-promo-code')).toBeNull();
});
