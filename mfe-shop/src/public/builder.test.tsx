import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { PublicShopPage, ShopBuilderDetail } from 'shared-kernel/contracts';
import { useCart, useSession } from 'shared-kernel/runtime';
import { initI18n } from 'shared-kernel/i18n';
import { addBoxToCart, BuilderView } from './BuilderPages';

beforeAll(() => {
  initI18n({ lng: 'fr' });
});
beforeEach(() => {
  useCart.getState().clear();
  useSession.setState({ user: null, jwt: null, shop: null, masterAccount: null });
});

const shop = { id: 1, name: 'Domaine de Démo', urlShop: 'domaine-demo', businessType: 'wine', tabs: [] } as unknown as PublicShopPage;
const option = (productId: number, name: string, vintage: string, stock = 50) => ({
  productId,
  formatId: productId * 10,
  vintageId: productId * 100,
  name,
  vintage,
  color: 'red',
  gamme: 'Tradition',
  precision: 'Côtes du Rhône',
  format: 'Bouteille 75 cl',
  visual: null,
  stock,
});
const detail: ShopBuilderDetail = {
  product: {
    id: 30,
    shopId: 1,
    productType: 'box',
    name: 'Coffret Découverte 3 bouteilles',
    precision: null,
    description: null,
    type: 'giftBox',
    color: null,
    gamme: 'Coffrets',
    status: 'online',
    vatType: 'standard',
    labels: [],
    visuals: [],
    vintages: [],
    formats: [
      {
        id: 300,
        unity: 'unité',
        unityValue: 1,
        eq75: null,
        container: 'unite',
        formatType: 'custom',
        nameInShop: "À l'unité",
        showUnityValue: false,
        packing: null,
        packingQuantity: 1,
        weight: 0.5,
        gtin: null,
        stock: 120,
        minPurchase: 1,
        maxPurchase: null,
        price: { typology: 'particulier', typologyName: 'Particulier', ttc: true, priceCents: 3900, discountPrice: {}, discountAdd: {} },
        promotions: [],
      },
    ],
    builder: { size: 3, eligible: { gamme: ['Tradition'] } },
  },
  builder: { size: 3, eligible: { gamme: ['Tradition'] }, description: 'Trois bouteilles de 75 cl de la gamme Tradition.' },
  options: [option(1, 'Les Galets Rouges', '2022'), option(2, 'Rosé des Vignes', '2023'), option(3, 'Gris de Gris', '2023', 1)],
};
const plus = (name: string) => screen.getByRole('button', { name: `Ajouter une bouteille de ${name}` });
const addToCart = () => screen.getByRole('button', { name: 'Ajouter au panier' });

describe('box builder', () => {
  it('counts the bottles, never beyond the box size, and enables the cart button only when the box is full', () => {
    render(
      <MemoryRouter>
        <BuilderView shop={shop} detail={detail} />
      </MemoryRouter>,
    );
    expect(screen.getByText('Prix du coffret : 39,00 € TTC')).toBeTruthy();
    expect(screen.getByTestId('remaining').textContent).toBe('0 / 3 bouteilles — Encore 3 bouteille(s) à choisir');
    expect(addToCart()).toHaveProperty('disabled', true);
    fireEvent.click(plus('Les Galets Rouges 2022'));
    fireEvent.click(plus('Les Galets Rouges 2022'));
    expect(addToCart()).toHaveProperty('disabled', true);
    // Only one Gris de Gris left in stock.
    fireEvent.click(plus('Gris de Gris 2023'));
    expect(plus('Gris de Gris 2023')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('remaining').textContent).toBe('3 / 3 bouteilles — Votre coffret est complet');
    expect(plus('Rosé des Vignes 2023')).toHaveProperty('disabled', true);
    fireEvent.click(plus('Rosé des Vignes 2023'));
    expect(screen.getByTestId('count-2-20-200').textContent).toBe('0');
    expect(addToCart()).toHaveProperty('disabled', false);
    fireEvent.click(screen.getByRole('button', { name: 'Retirer une bouteille de Les Galets Rouges 2022' }));
    expect(addToCart()).toHaveProperty('disabled', true);
    fireEvent.click(plus('Rosé des Vignes 2023'));
    fireEvent.click(addToCart());
    const [order] = useCart.getState().orders;
    expect(order.seller).toEqual({ id: 1, name: 'Domaine de Démo', urlShop: 'domaine-demo' });
    expect(order.products).toHaveLength(1);
    expect(order.products[0]).toMatchObject({
      id: 30,
      productType: 'box',
      quantity: 1,
      name: 'Coffret Découverte 3 bouteilles',
      chosenFormat: { id: 300, price: 32.5 },
      composition: [
        { productId: 1, formatId: 10, vintageId: 100, quantity: 1, name: 'Les Galets Rouges 2022' },
        { productId: 2, formatId: 20, vintageId: 200, quantity: 1, name: 'Rosé des Vignes 2023' },
        { productId: 3, formatId: 30, vintageId: 300, quantity: 1, name: 'Gris de Gris 2023' },
      ],
    });
    // The builder starts over for the next box.
    expect(screen.getByTestId('remaining').textContent).toContain('0 / 3');
  });

  it('pre-selects the product named in the URL', () => {
    render(
      <MemoryRouter>
        <BuilderView shop={shop} detail={detail} preselect="2-rose-des-vignes" />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('count-2-20-200').textContent).toBe('1');
    expect(screen.getByTestId('remaining').textContent).toContain('1 / 3');
  });

  it('keeps two boxes with different compositions as two cart lines, and merges identical ones', () => {
    const seller = { id: 1, name: 'Domaine de Démo', urlShop: 'domaine-demo' };
    const line = (composition: Array<{ productId: number }>) => ({
      idTmp: `x${Math.random()}`,
      id: 30,
      productType: 'box' as const,
      quantity: 1,
      chosenFormat: { id: 300 } as never,
      chosenVintage: null,
      composition: composition.map((c) => ({ ...c, formatId: 1, vintageId: null, quantity: 3, name: 'x' })),
    });
    addBoxToCart(seller, line([{ productId: 1 }]));
    addBoxToCart(seller, line([{ productId: 2 }]));
    addBoxToCart(seller, line([{ productId: 2 }]));
    const products = useCart.getState().orders[0].products;
    expect(products.map((p) => [(p.composition as Array<{ productId: number }>)[0].productId, p.quantity])).toEqual([
      [1, 1],
      [2, 2],
    ]);
  });
});
