import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paginatedOf, renderPage } from 'shared-kernel/testing';
import WarehousesPage, { warehouseSchema } from './WarehousesPage';

const chai = {
  id: 1,
  name: 'Chai',
  address: { line1: null, zip: null, city: null, country: 'FR' },
  dutyStatus: 'suspended',
  exciseNumber: 'FR012345E1234',
  feedsWebShop: true,
  cashRegisters: ['Caveau'],
  archived: false,
  onHand: 40,
  hasMovements: true,
  createdAt: '2025-01-01T00:00:00Z',
};

it('lists the warehouses with their excise status, and a new bonded one needs its excise number', async () => {
  const page = renderPage(<WarehousesPage />, {
    route: '/dashboard/stocks/warehouses',
    session: 'owner',
    api: {
      'GET /stock/warehouses': (req) => paginatedOf([chai], req.query),
      'POST /stock/warehouses': (req) => ({ ...chai, id: 2, ...(req.body as object) }),
    },
  });
  const row = (await screen.findByText('Chai')).closest('tr')!;
  expect(within(row).getByText('Sous douane (entrepositaire agréé)')).toBeInTheDocument();
  expect(within(row).getByText('FR012345E1234')).toBeInTheDocument();
  expect(within(row).getByText('Oui')).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Nouvel entrepôt' }));
  const drawer = await screen.findByRole('dialog');
  expect(within(drawer).getByText('Nouvel entrepôt')).toBeInTheDocument();
  await userEvent.type(within(drawer).getByLabelText(/^Nom/), 'Cave de garde');
  await userEvent.click(within(drawer).getByRole('button', { name: 'Enregistrer' }));
  await waitFor(() => expect(page.api.callsTo('POST /stock/warehouses')).toHaveLength(1));
  expect(page.api.callsTo('POST /stock/warehouses')[0].body).toMatchObject({ name: 'Cave de garde', dutyStatus: 'paid' });
  await waitFor(() => expect(page.snackbars()).toEqual([{ text: 'Entrepôt enregistré', error: false }]));
});

it('a bonded warehouse without an excise number is refused, naming the field', () => {
  const r = warehouseSchema.safeParse({
    name: 'Chai',
    line1: '',
    zip: '',
    city: '',
    dutyStatus: 'suspended',
    exciseNumber: ' ',
    feedsWebShop: false,
    cashRegisters: '',
    archived: false,
  });
  expect(r.success).toBe(false);
  expect(r.error!.issues).toEqual([
    expect.objectContaining({
      path: ['exciseNumber'],
      message: "Le numéro d'accise est obligatoire pour un entrepôt sous douane (entrepositaire agréé)",
    }),
  ]);
});
