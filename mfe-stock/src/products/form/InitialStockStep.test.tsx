import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProductAdminDetail, WarehouseDto } from 'shared-kernel/contracts';
import { iamWith, paginatedOf, renderPage, reply, productDefaultsOf } from 'shared-kernel/testing';
import ProductAddPage from './ProductAddPage';

const warehouse = (id: number, name: string, feedsWebShop: boolean, archived = false): WarehouseDto => ({
  id,
  name,
  address: {},
  dutyStatus: 'paid',
  exciseNumber: null,
  feedsWebShop,
  cashRegisters: [],
  archived,
  onHand: 0,
  hasMovements: false,
  createdAt: '2025-01-01T00:00:00Z',
});
const warehouses = [warehouse(2, 'Réserve', false), warehouse(1, 'Chai', true), warehouse(3, 'Ancien chai', true, true)];

/** The product the api answers to the creation: one 75 cl bottle format without a name in the shop. */
function created(body: Record<string, unknown>): ProductAdminDetail & { message: string } {
  return {
    id: 42,
    productType: 'bottle',
    name: body.name as string,
    precision: null,
    description: null,
    type: null,
    color: null,
    gamme: null,
    labels: [],
    vatType: 'standard',
    status: 'online',
    visuals: [],
    boxItems: [],
    vintages: [],
    formats: [
      {
        id: 77,
        unity: 'litre',
        unityValue: 0.75,
        eq75: 1,
        container: 'bottle',
        formatType: 'bottle',
        nameInShop: null,
        showUnityValue: true,
        packing: null,
        packingQuantity: 1,
        weight: null,
        gtin: null,
        stock: 0,
        minPurchase: 1,
        maxPurchase: null,
        alertThreshold: null,
        costCents: null,
        visuals: [],
        wrapping: null,
        prices: [],
        promotions: [],
        used: false,
      },
    ],
    archived: false,
    archivedAt: null,
    hasOrders: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    typologies: [],
    message: 'Produit créé',
  };
}

const tab = async (name: string) => userEvent.click(await screen.findByRole('tab', { name: new RegExp(`^${name}`) }));
/** typed at once (a paste): the form, not the keyboard, is under test here */
const fill = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

async function createProduct() {
  fill(await screen.findByRole('textbox', { name: /^Nom/ }), 'Cuvée Nouvelle');
  await tab('Millésimes');
  fill(screen.getByRole('textbox', { name: /^Millésime \(année ou NV\)/ }), '2024');
  await tab('Prix');
  fill(screen.getByRole('spinbutton', { name: /Prix TTC – Particulier/ }), '15');
  fill(screen.getByRole('spinbutton', { name: /Prix HT – Professionnel/ }), '10');
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
}

it('offers « Ajouter du stock » right after the creation and posts one stock entry per warehouse filled in', async () => {
  const page = renderPage(<ProductAddPage />, {
    route: '/dashboard/products/add',
    session: 'owner',
    routes: { '/dashboard/products/:id': <p>fiche produit</p> },
    api: {
      'POST /catalogue/products': ({ body }) => created(body as Record<string, unknown>),
      'GET /tariffs/product-defaults': productDefaultsOf(),
      'GET /stock/warehouses': paginatedOf(warehouses),
      'POST /stock/movements': { success: true, message: 'Mouvement enregistré', movements: [] },
    },
  });
  await createProduct();
  expect(await screen.findByRole('heading', { name: 'Ajouter du stock' })).toBeInTheDocument();
  expect(screen.getByText(/Rupture de stock/)).toBeInTheDocument();
  // the format is named from the label tables, the warehouse feeding the shop comes first, the archived one is left out
  expect(screen.getByText('Bouteille 75 cl')).toBeInTheDocument();
  expect(screen.getAllByRole('spinbutton').map((i) => i.getAttribute('aria-describedby') && i.id)).toHaveLength(2);
  expect(screen.queryByRole('spinbutton', { name: /Ancien chai/ })).toBeNull();
  expect(screen.getByRole('spinbutton', { name: /^Chai/ })).toHaveAccessibleDescription('Alimente la boutique en ligne');

  // nothing entered: a message, nothing posted
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer le stock' }));
  expect(await screen.findByText('Indiquez une quantité pour au moins un entrepôt')).toBeInTheDocument();
  expect(page.calls.filter((c) => c.method === 'POST' && c.path === '/stock/movements')).toHaveLength(0);

  fill(screen.getByRole('spinbutton', { name: /^Chai/ }), '120');
  fill(screen.getByRole('spinbutton', { name: /^Réserve/ }), '30');
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer le stock' }));
  expect(await screen.findByText('fiche produit')).toBeInTheDocument();
  expect(page.location().pathname).toBe('/dashboard/products/42');
  const posted = page.calls.filter((c) => c.method === 'POST' && c.path === '/stock/movements').map((c) => c.body);
  expect(posted).toEqual([
    { kind: 'production', warehouseId: 1, formatId: 77, quantity: 120, reason: 'Stock initial' },
    { kind: 'production', warehouseId: 2, formatId: 77, quantity: 30, reason: 'Stock initial' },
  ]);
  expect(page.snackbars().map((s) => s.text)).toContain('2 entrées de stock enregistrées');
});

it('does not post an entry twice when a retry follows a failure', async () => {
  let n = 0;
  const page = renderPage(<ProductAddPage />, {
    route: '/dashboard/products/add',
    session: 'owner',
    routes: { '/dashboard/products/:id': <p>fiche produit</p> },
    api: {
      'POST /catalogue/products': ({ body }) => created(body as Record<string, unknown>),
      'GET /tariffs/product-defaults': productDefaultsOf(),
      'GET /stock/warehouses': paginatedOf(warehouses),
      'POST /stock/movements': () =>
        ++n === 2 ? reply(500, { success: false, message: 'Erreur serveur' }) : { success: true, message: 'ok', movements: [] },
    },
  });
  await createProduct();
  fill(await screen.findByRole('spinbutton', { name: /^Chai/ }), '12');
  fill(screen.getByRole('spinbutton', { name: /^Réserve/ }), '6');
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer le stock' }));
  await waitFor(() => expect(n).toBe(2));
  expect(screen.getByRole('heading', { name: 'Ajouter du stock' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer le stock' }));
  expect(await screen.findByText('fiche produit')).toBeInTheDocument();
  const posted = page.calls.filter((c) => c.method === 'POST' && c.path === '/stock/movements').map((c) => c.body);
  expect(posted.map((b) => (b as { warehouseId: number }).warehouseId)).toEqual([1, 2, 2]);
});

it('« Plus tard » opens the product', async () => {
  renderPage(<ProductAddPage />, {
    route: '/dashboard/products/add',
    session: 'owner',
    routes: { '/dashboard/products/:id': <p>fiche produit</p> },
    api: {
      'POST /catalogue/products': ({ body }) => created(body as Record<string, unknown>),
      'GET /tariffs/product-defaults': productDefaultsOf(),
      'GET /stock/warehouses': paginatedOf(warehouses),
    },
  });
  await createProduct();
  await userEvent.click(await screen.findByRole('link', { name: 'Plus tard' }));
  expect(await screen.findByText('fiche produit')).toBeInTheDocument();
});

it('opens the product right away for an iam who may create products but not record stock', async () => {
  const page = renderPage(<ProductAddPage />, {
    route: '/dashboard/products/add',
    session: iamWith({ createProduct: true, seeAllProduct: true }),
    routes: { '/dashboard/products/:id': <p>fiche produit</p> },
    api: {
      'GET /tariffs/product-defaults': productDefaultsOf(),
      'POST /catalogue/products': ({ body }) => created(body as Record<string, unknown>),
    },
  });
  await createProduct();
  expect(await screen.findByText('fiche produit')).toBeInTheDocument();
  expect(page.calls.some((c) => c.path === '/stock/warehouses')).toBe(false);
});

it('a new product starts from the shop’s product defaults: VAT, format, packing and the typologies whose price shows', async () => {
  const page = renderPage(<ProductAddPage />, {
    route: '/dashboard/products/add',
    session: iamWith({ createProduct: true, seeAllProduct: true }),
    routes: { '/dashboard/products/:id': <p>fiche produit</p> },
    api: {
      'GET /tariffs/product-defaults': productDefaultsOf({
        vatType: 'reduced',
        format: { unity: 'litre', value: 150, container: 'magnum', packing: 'Caisse bois', packingQuantity: 6 },
        visibleTypologies: ['professionnel'],
      }),
      'POST /catalogue/products': ({ body }) => created(body as Record<string, unknown>),
    },
  });
  await createProduct();
  await screen.findByText('fiche produit');
  const [post] = page.api.callsTo('POST /catalogue/products');
  expect(post.body).toMatchObject({
    vatType: 'reduced',
    formats: [
      {
        unity: 'litre',
        unityValue: 1.5,
        container: 'magnum',
        packing: 'Caisse bois',
        packingQuantity: 6,
        prices: [
          { typology: 'particulier', visible: false },
          { typology: 'professionnel', visible: true },
        ],
      },
    ],
  });
});
