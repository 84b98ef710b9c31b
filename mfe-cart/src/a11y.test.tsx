import { render, screen } from '@testing-library/react';
import { initI18n } from 'shared-kernel/i18n';
import { useCart } from 'shared-kernel/runtime';
import { DANGER_BUTTON_STYLE, DANGER_TEXT } from './a11y';
import CartPage from './cart/CartPage';
import CartDrawer from './cart/CartDrawer';

/** WCAG 2.1 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const lum = (hex: string) => {
    const [r, g, bl] = [1, 3, 5]
      .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const vars = DANGER_BUTTON_STYLE as Record<string, string>;

// axe color-contrast on /cart — 'Vider le panier' in antd's colorError #ff4d4f was 3.26:1 on white
describe('danger buttons of the cart', () => {
  beforeAll(() => initI18n({ lng: 'fr' }));
  beforeEach(() =>
    useCart.getState().replace({
      lastUpdated: null,
      orders: [
        {
          seller: { id: 1, name: 'Domaine de Démo', urlShop: 'domaine-demo' },
          products: [{ idTmp: 'a', id: 1, productType: 'bottle', quantity: 1, name: 'Cuvée', chosenFormat: { id: 1, price: 10 } }],
          reservations: [],
        },
      ],
    }),
  );

  it('are at least 4.5:1 on white, hovered and pressed too (antd’s default is not)', () => {
    expect(contrast('#ff4d4f', '#ffffff')).toBeLessThan(4.5);
    expect(vars['--ant-btn-color-base']).toBe(DANGER_TEXT);
    for (const key of ['--ant-btn-color-base', '--ant-btn-color-hover', '--ant-btn-color-active'])
      expect(contrast(vars[key], '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it.each([
    ['the cart page', () => render(<CartPage routePath="/cart" />)],
    ['the cart drawer', () => render(<CartDrawer open onClose={() => undefined} />)],
  ])("'Vider le panier' on %s takes those colours", (_where, show) => {
    show();
    expect(screen.getByRole('button', { name: 'Vider le panier' }).style.getPropertyValue('--ant-btn-color-base')).toBe(DANGER_TEXT);
  });
});
