import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paginatedOf, renderPage, type ApiRequest } from 'shared-kernel/testing';
import type { AdminOrder, AdminProduct } from './console.queries';
import AdminOrdersPage from './AdminOrdersPage';
import AdminProductsPage from './AdminProductsPage';

const ORDER: AdminOrder = {
  id: 7,
  number: 'C-2026-0007',
  subType: 'order',
  status: 'validated',
  paymentStatus: 'paid',
  totalTTC: 12345,
  createdAt: '2026-05-01T10:00:00Z',
  shop: { id: 1, name: 'Domaine de Démo', code: 'DOMDEM' },
  buyer: { id: 6, name: 'Béatrice Acheteuse', email: 'buyer@demo.test' },
};
const PRODUCT: AdminProduct = {
  id: 3,
  name: 'Cuvée Prestige',
  productType: 'bottle',
  status: 'paused',
  archived: false,
  createdAt: '2026-02-01T10:00:00Z',
  shop: { id: 2, name: 'Brasserie Démo', code: 'BRADEM' },
};
const params = (search: string) => Object.fromEntries(new URLSearchParams(search));

test('orders: the search, status, shop and period of the URL are sent; typing searches; the shop filter is removable', async () => {
  const page = renderPage(<AdminOrdersPage />, {
    route: '/admin/orders?shopId=1&status=validated&from=2026-05-01&to=2026-05-31&pageSize=10',
    path: '/admin/orders',
    session: 'superAdmin',
    api: { 'GET /admin/orders': (req: ApiRequest) => paginatedOf([ORDER], req.query) },
  });
  expect(await screen.findByText('C-2026-0007')).toBeInTheDocument();
  expect(screen.getByText('buyer@demo.test')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Domaine de Démo' })).toHaveAttribute('href', '/admin/orders?shopId=1');
  expect(screen.getByText('Validée')).toBeInTheDocument();
  expect(screen.getByText(/123,45/)).toBeInTheDocument();
  expect(page.api.callsTo('GET /admin/orders')[0].query).toEqual({
    page: '1',
    pageSize: '10',
    sort: '-createdAt',
    shopId: '1',
    status: 'validated',
    from: '2026-05-01',
    to: '2026-05-31',
  });

  await userEvent.type(screen.getByRole('searchbox', { name: 'Rechercher une commande' }), 'C-2026');
  await waitFor(() => expect(page.api.callsTo('GET /admin/orders').at(-1)!.query).toMatchObject({ q: 'C-2026', shopId: '1' }));

  fireEvent.click(screen.getByText('Boutique n° 1').parentElement!.querySelector('.ant-tag-close-icon')!);
  await waitFor(() => expect(params(page.location().search).shopId).toBeUndefined());
  expect(params(page.location().search)).toMatchObject({ q: 'C-2026', status: 'validated', from: '2026-05-01' });
  await waitFor(() => expect(page.api.callsTo('GET /admin/orders').at(-1)!.query.shopId).toBeUndefined());
});

test('products: a search across shops with type and status from the URL', async () => {
  const page = renderPage(<AdminProductsPage />, {
    route: '/admin/products?q=prestige&productType=bottle&status=paused',
    path: '/admin/products',
    session: 'superAdmin',
    api: { 'GET /admin/products': (req: ApiRequest) => paginatedOf([PRODUCT], req.query) },
  });
  expect(await screen.findByText('Cuvée Prestige')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Brasserie Démo' })).toHaveAttribute('href', '/admin/products?shopId=2');
  expect(screen.getByText('Bouteille')).toBeInTheDocument();
  expect(screen.getByText('En pause')).toBeInTheDocument();
  expect(screen.getByRole('searchbox', { name: 'Rechercher un produit' })).toHaveValue('prestige');
  expect(page.api.callsTo('GET /admin/products')[0].query).toEqual({
    page: '1',
    pageSize: '20',
    sort: 'name',
    q: 'prestige',
    productType: 'bottle',
    status: 'paused',
  });
});
