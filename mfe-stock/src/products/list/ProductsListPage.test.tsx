import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProductAdminRow } from 'shared-kernel/contracts';
import { useSnackbars } from 'shared-kernel/runtime';
import { paginatedOf, renderPage, type ApiRequest } from 'shared-kernel/testing';
import ProductsListPage from './ProductsListPage';

const row = (over: Partial<ProductAdminRow>): ProductAdminRow => ({
  id: 1,
  name: 'Les Galets Rouges',
  productType: 'bottle',
  type: 'stillWine',
  color: 'red',
  gamme: 'Tradition',
  status: 'online',
  labels: ['AOP'],
  vintages: ['2022', '2021'],
  formats: ['75 cl', '150 cl'],
  price: { priceCents: 1250, ttc: true, typology: 'particulier' },
  stock: 240,
  visual: null,
  archived: false,
  createdAt: '2026-01-02T10:00:00.000Z',
  ...over,
});
const rows = [
  row({}),
  row({ id: 2, name: 'Tire-bouchon', productType: 'accessory', type: null, color: null, vintages: [], formats: ['1 unité'], stock: 12 }),
];
const serve = (req: ApiRequest) => paginatedOf(rows, req.query);

it('shows name, type, vintages, formats, default price and stock; filters go to the URL and the api', async () => {
  const page = renderPage(<ProductsListPage />, {
    route: '/dashboard/products?pageSize=10',
    session: 'owner',
    api: { 'GET /catalogue/products': serve },
  });
  expect(await screen.findByRole('link', { name: 'Les Galets Rouges' })).toBeInTheDocument();
  const first = within(screen.getAllByTestId('resource-row')[0]);
  expect(first.getByText('Bouteille · Vin tranquille · Rouge')).toBeInTheDocument();
  expect(first.getByText('2022, 2021')).toBeInTheDocument();
  expect(first.getByText('75 cl, 150 cl')).toBeInTheDocument();
  expect(first.getByTestId('product-price').textContent).toMatch(/12,50.*€ TTC/);
  expect(first.getByText('240')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Nouveau produit' })).toBeInTheDocument();

  await userEvent.click(screen.getByRole('combobox', { name: 'Statut' }));
  await userEvent.click(await screen.findByTitle('En pause'));
  await waitFor(() => expect(page.location().search).toBe('?pageSize=10&status=paused'));
  expect(page.calls.at(-1)!.query).toEqual({ page: '1', pageSize: '10', sort: 'name', status: 'paused' });
  await userEvent.type(screen.getByRole('textbox', { name: 'Millésime' }), '2021{Enter}');
  await waitFor(() => expect(page.calls.at(-1)!.query).toMatchObject({ vintage: '2021', status: 'paused' }));
});

it('changes the status of the selected rows in bulk', async () => {
  const page = renderPage(<ProductsListPage />, {
    route: '/dashboard/products?pageSize=10',
    session: 'owner',
    api: {
      'GET /catalogue/products': serve,
      'PUT /catalogue/products/status': { success: true, message: 'Statut modifié pour 2 produits', updated: 2 },
    },
  });
  await screen.findByRole('link', { name: 'Les Galets Rouges' });
  for (const box of screen.getAllByRole('checkbox').slice(-2)) await userEvent.click(box);
  await userEvent.click(screen.getByRole('combobox', { name: 'Changer le statut' }));
  await userEvent.click(await screen.findByTitle('Fermé'));
  await userEvent.click(screen.getByRole('button', { name: 'Passer en « Fermé »' }));
  await waitFor(() => expect(page.calls.find((c) => c.method === 'PUT')?.body).toEqual({ ids: [1, 2], status: 'closed' }));
  await waitFor(() => expect(useSnackbars.getState().items.map((i) => i.text)).toContain('Statut modifié pour 2 produits'));
});

it('is read-only for an agent: no new product, no selection', async () => {
  renderPage(<ProductsListPage />, {
    route: '/dashboard/products?pageSize=10',
    session: 'agent',
    api: { 'GET /catalogue/products': serve },
  });
  expect(await screen.findByRole('link', { name: 'Les Galets Rouges' })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Nouveau produit' })).toBeNull();
  expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
});
