import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import type { CatalogPromotion, PublicShopPage } from 'shared-kernel/contracts';
import { formatCentsIn } from 'shared-kernel/domain';
import { initI18n, setLanguage } from 'shared-kernel/i18n';
import { FirstPaintContext } from './first-paint';
import { promoText } from './format';
import { shopTexts, textsFor, useTexts } from './texts';

beforeAll(() => {
  initI18n({ lng: 'fr' });
});
afterEach(async () => {
  await act(async () => {
    await setLanguage('fr');
  });
});

function Box() {
  const t = useTexts();
  return (
    <p data-lang={t.lang}>
      {t.boxOf(6)} · {t.chosen(2, 6)} · {t.remaining(4)} · {t.results(32)}
    </p>
  );
}

describe('shop texts', () => {
  it('fills the values of the French texts', () => {
    const fr = textsFor('fr');
    expect(fr.results(32)).toBe('32 produit(s)');
    expect(fr.boxOf(6)).toBe('Coffret de 6 bouteilles');
    expect(fr.chosen(2, 6)).toBe('2 / 6 bouteilles');
    expect(fr.remaining(4)).toBe('Encore 4 bouteille(s) à choisir');
    expect(fr.promoMinProduct(3)).toBe('dès 3 unités de ce produit');
    expect(fr.promoMinPriceOrder('50,00 €')).toBe('dès 50,00 € de commande');
    expect(shopTexts.texts).toBe(fr);
  });

  it('fills the values of the English texts', () => {
    const en = textsFor('en');
    expect(en.results(32)).toBe('32 product(s)');
    expect(en.boxOf(6)).toBe('Box of 6 bottles');
    expect(en.chosen(2, 6)).toBe('2 / 6 bottles');
    expect(en.remaining(4)).toBe('4 bottle(s) left to choose');
    expect(en.promoMinProduct(3)).toBe('from 3 units of this product');
    expect(en.promoMinPriceOrder('€50.00')).toBe('from an order of €50.00');
  });

  it('writes a promotion in the texts’ language, its threshold included', () => {
    const promo: CatalogPromotion = { id: 1, name: 'Printemps', type: '%', amount: 10, activation: 'minPrice', threshold: 5000 };
    expect(promoText(promo, { ...textsFor('fr'), lang: 'fr' })).toBe(`Printemps : -10 % dès ${formatCentsIn(5000, 'fr')} de ce produit`);
    expect(promoText(promo, { ...textsFor('en'), lang: 'en' })).toBe('Printemps : -10 % from €50.00 of this product');
  });

  it('follows the page language in the browser and re-renders when it changes', async () => {
    render(<Box />);
    const p = screen.getByText(/Coffret de 6 bouteilles/);
    expect(p).toHaveTextContent('Coffret de 6 bouteilles · 2 / 6 bouteilles · Encore 4 bouteille(s) à choisir · 32 produit(s)');
    expect(p).toHaveAttribute('data-lang', 'fr');
    await act(async () => {
      await setLanguage('en');
    });
    expect(p).toHaveTextContent('Box of 6 bottles · 2 / 6 bottles · 4 bottle(s) left to choose · 32 product(s)');
    expect(p).toHaveAttribute('data-lang', 'en');
  });

  it('takes the language the gateway picked in the first-paint server render', () => {
    const server = (lang: 'fr' | 'en') =>
      renderToString(
        <FirstPaintContext.Provider value={{ shop: {} as PublicShopPage, path: '/x', adult: true, wide: false, lang }}>
          <Box />
        </FirstPaintContext.Provider>,
      );
    expect(server('en')).toContain('Box of 6 bottles');
    expect(server('en')).toContain('data-lang="en"');
    expect(server('fr')).toContain('Coffret de 6 bouteilles');
  });
});
