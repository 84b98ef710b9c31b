import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paginatedOf, renderPage } from 'shared-kernel/testing';
import StocksListPage from './StocksListPage';

const row = {
  formatId: 7,
  productId: 3,
  productName: 'Les Terrasses',
  productType: 'bottle',
  vintageName: '2022',
  formatName: '75 cl',
  label: 'Les Terrasses – 2022 – 75 cl',
  byWarehouse: { '1': 40, '2': 12 },
  onHand: 52,
  reserved: 6,
  allocated: 0,
  available: 46,
  webStock: 34,
  threshold: 50,
  underThreshold: true,
};
const warehouses = [
  {
    id: 1,
    name: 'Chai',
    address: {},
    dutyStatus: 'suspended',
    exciseNumber: 'FR012345E1234',
    feedsWebShop: true,
    cashRegisters: [],
    archived: false,
    onHand: 40,
    hasMovements: true,
    createdAt: '2025-01-01T00:00:00Z',
  },
  {
    id: 2,
    name: 'Boutique',
    address: {},
    dutyStatus: 'paid',
    exciseNumber: null,
    feedsWebShop: false,
    cashRegisters: [],
    archived: false,
    onHand: 12,
    hasMovements: true,
    createdAt: '2025-01-01T00:00:00Z',
  },
];

it('shows each format with its stock per warehouse and filters the formats under their threshold', async () => {
  const page = renderPage(<StocksListPage />, {
    route: '/dashboard/stocks?pageSize=10',
    session: 'owner',
    api: {
      'GET /stock/levels': (req) => paginatedOf([row], req.query),
      'GET /stock/warehouses': (req) => paginatedOf(warehouses, req.query),
    },
  });
  expect(await screen.findByRole('link', { name: 'Les Terrasses – 2022 – 75 cl' })).toBeInTheDocument();
  expect(await screen.findByRole('columnheader', { name: /Boutique/ })).toBeInTheDocument();
  expect(screen.getByText('Sous le seuil')).toBeInTheDocument();
  await userEvent.selectOptions(screen.getByLabelText('Entrepôt'), '2');
  await waitFor(() => expect(page.location().search).toContain('warehouseId=2'));
  expect(page.calls.filter((c) => c.path === '/stock/levels').at(-1)!.query).toMatchObject({ warehouseId: '2' });
});
