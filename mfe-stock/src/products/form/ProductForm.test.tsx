import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProductAdminDetail } from 'shared-kernel/contracts';
import { renderPage, reply, productDefaultsOf } from 'shared-kernel/testing';
import ProductDetailPage from '../detail/ProductDetailPage';
import ProductAddPage from './ProductAddPage';

const detail: ProductAdminDetail = {
  id: 7,
  productType: 'bottle',
  name: 'Cuvée des Ancêtres',
  precision: null,
  description: null,
  type: 'stillWine',
  color: 'red',
  gamme: 'Prestige',
  labels: ['AOP'],
  vatType: 'standard',
  status: 'online',
  visuals: [],
  boxItems: [],
  vintages: [
    {
      id: 11,
      name: '2020',
      alcohol: 14.5,
      lot: null,
      legal: { code: 'W200', dutyType: 'DA2', customTaxName: null, customTaxAmountPerHL: null, customTaxFamilies: [], customTaxVat: false },
      nutrition: null,
      used: false,
    },
  ],
  formats: [
    {
      id: 21,
      unity: 'litre',
      unityValue: 0.75,
      eq75: 1,
      container: 'bottle',
      formatType: 'bottle',
      nameInShop: null,
      showUnityValue: true,
      packing: null,
      packingQuantity: 6,
      weight: 1.3,
      gtin: '3760123000017',
      stock: 120,
      minPurchase: 1,
      maxPurchase: null,
      alertThreshold: null,
      costCents: 1200,
      visuals: [],
      wrapping: null,
      prices: [
        { typology: 'particulier', visible: true, priceCents: 2900, tiers: [] },
        { typology: 'professionnel', visible: true, priceCents: 1900, tiers: [] },
      ],
      promotions: [],
      used: true,
    },
  ],
  archived: false,
  archivedAt: null,
  hasOrders: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  typologies: [
    { id: 'particulier', name: 'Particulier', ttc: true, public: true },
    { id: 'professionnel', name: 'Professionnel', ttc: false, public: false },
  ],
};

const tab = async (name: string) => userEvent.click(await screen.findByRole('tab', { name: new RegExp(`^${name}`) }));

it('shows the §5 messages on submit and the GTIN check digit live, with the GS1 Digital Link preview', async () => {
  renderPage(<ProductAddPage />, {
    route: '/dashboard/products/add',
    session: 'owner',
    api: { 'GET /tariffs/product-defaults': productDefaultsOf() },
  });
  await userEvent.click(await screen.findByRole('button', { name: 'Enregistrer' }));
  expect((await screen.findAllByText('Ce champ ne peut pas être vide')).length).toBeGreaterThan(0);
  expect(screen.getByRole('textbox', { name: /^Nom/ })).toHaveAttribute('aria-invalid', 'true');

  await tab('Formats');
  const gtin = screen.getByRole('textbox', { name: /GTIN/ });
  await userEvent.type(gtin, '3760123000011');
  fireEvent.blur(gtin);
  expect(await screen.findByText("Ce code GTIN n'est pas valide")).toBeInTheDocument();
  expect(screen.queryByTestId('gs1-preview')).toBeNull();
  await userEvent.clear(gtin);
  await userEvent.type(gtin, '3760123000017');
  await waitFor(() => expect(screen.queryByText("Ce code GTIN n'est pas valide")).toBeNull());
  expect(within(screen.getByTestId('gs1-preview')).getByRole('link').textContent).toMatch(/\/gs1\/01\/3760123000017$/);
  expect(screen.getByTestId('eq75-0').textContent).toBe('1');
  const max = screen.getByRole('spinbutton', { name: /Maximum d'achat/ });
  const min = screen.getByRole('spinbutton', { name: /Minimum d'achat/ });
  await userEvent.clear(min);
  await userEvent.type(min, '12');
  await userEvent.type(max, '6');
  fireEvent.blur(max);
  expect(await screen.findByText("Le minimum d'achat doit être inférieur ou égal au maximum d'achat")).toBeInTheDocument();
});

it('computes kJ from kcal (and back) in the nutrition declaration', async () => {
  renderPage(<ProductAddPage />, {
    route: '/dashboard/products/add',
    session: 'owner',
    api: { 'GET /tariffs/product-defaults': productDefaultsOf() },
  });
  await tab('Millésimes');
  await userEvent.click(screen.getByRole('button', { name: 'Ajouter la déclaration nutritionnelle' }));
  await userEvent.type(screen.getByRole('spinbutton', { name: 'Énergie (kcal)' }), '80');
  await waitFor(() => expect(screen.getByRole('spinbutton', { name: 'Énergie (kJ)' })).toHaveValue('335'));
  const kj = screen.getByRole('spinbutton', { name: 'Énergie (kJ)' });
  await userEvent.clear(kj);
  await userEvent.type(kj, '418');
  await waitFor(() => expect(screen.getByRole('spinbutton', { name: 'Énergie (kcal)' })).toHaveValue('100'));
  const alcohol = screen.getByRole('spinbutton', { name: /Degré d'alcool/ });
  await userEvent.type(alcohol, '120');
  fireEvent.blur(alcohol);
  expect(await screen.findByText("Le degré d'alcool doit être compris entre 0 et 100")).toBeInTheDocument();
});

it('saves the whole product and shows the api error under its field (duplicate GTIN)', async () => {
  const page = renderPage(<ProductDetailPage />, {
    route: '/dashboard/products/7',
    path: '/dashboard/products/:id',
    session: 'owner',
    api: {
      'GET /catalogue/products/:id': detail,
      'PUT /catalogue/products/:id': reply(400, {
        success: false,
        message: 'Ce code GTIN est déjà utilisé par un autre produit de la boutique',
        field: 'formats.0.gtin',
      }),
    },
  });
  expect(await screen.findByRole('heading', { name: 'Cuvée des Ancêtres' })).toBeInTheDocument();
  expect(screen.getByTestId('margins').textContent).toMatch(/12,17/);
  expect(screen.queryByRole('button', { name: 'Supprimer' })).toBeNull();
  expect(screen.getByRole('button', { name: 'Archiver' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
  expect(await screen.findByText('Ce code GTIN est déjà utilisé par un autre produit de la boutique')).toBeInTheDocument();
  const put = page.calls.find((c) => c.method === 'PUT')!;
  expect(put.body).toMatchObject({
    name: 'Cuvée des Ancêtres',
    vintages: [{ id: 11, name: '2020' }],
    formats: [
      {
        id: 21,
        gtin: '3760123000017',
        prices: [
          { typology: 'particulier', priceCents: 2900 },
          { typology: 'professionnel', priceCents: 1900 },
        ],
      },
    ],
  });
  expect(screen.getByRole('tab', { name: /^Formats/, selected: true })).toBeInTheDocument();
});

it('is read-only for an agent: no save, no actions', async () => {
  renderPage(<ProductDetailPage />, {
    route: '/dashboard/products/7',
    path: '/dashboard/products/:id',
    session: 'agent',
    api: { 'GET /catalogue/products/:id': detail },
  });
  expect(await screen.findByText('Consultation seule : vous ne pouvez pas modifier le catalogue.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Enregistrer' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Dupliquer' })).toBeNull();
  expect(screen.getByRole('textbox', { name: /^Nom/ })).toBeDisabled();
});
