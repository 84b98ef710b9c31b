import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SALES_MESSAGES as M, type SalesOrderPreview } from 'shared-kernel/contracts';
import { paginatedOf, renderPage, reply, type ApiRequest } from 'shared-kernel/testing';
import { EURO } from '../orders.fixtures';
import SalesOrderAddPage from './SalesOrderAddPage';

const clients = [{ id: 5, name: 'Cave Dupont', code: 'C005', typology: 'Caviste', kind: 'professional' }];
const PREVIEW: SalesOrderPreview = {
  lines: [
    {
      label: 'Les Galets',
      details: '2022 · 75 cl',
      formatId: 11,
      quantity: 6,
      unitPriceHT: 950,
      discountHT: 0,
      duties: 0,
      vatRate: 20,
      totalHT: 5700,
      free: false,
    },
  ],
  shippingHT: 990,
  discountHT: 0,
  totalHT: 6690,
  tva: 1338,
  totalTTC: 8028,
  vatByRate: [{ rate: 20, baseHT: 6690, vat: 1338 }],
  typology: 'Caviste',
  problems: [{ field: 'lines.0.quantity', message: M.stockInsufficient('Les Galets', 4) }],
};
const api = {
  'GET /crm/clients': (req: ApiRequest) => paginatedOf(clients, req.query),
  'GET /stock/format-options': [{ value: 11, label: 'Les Galets – 2022 – 75 cl' }],
  'GET /stock/warehouses': (req: ApiRequest) => paginatedOf([{ id: 1, name: 'Chai' }], req.query),
  'POST /sales/orders/preview': PREVIEW,
};

async function pick(combobox: RegExp, title: string) {
  await userEvent.click(screen.getByRole('combobox', { name: combobox }));
  await userEvent.click(await screen.findByTitle(title));
}

async function fillOrder() {
  await pick(/^Client/, 'Cave Dupont');
  await pick(/^Article du catalogue/, 'Les Galets – 2022 – 75 cl');
  const quantity = screen.getByLabelText(/^Quantité/);
  await userEvent.clear(quantity);
  await userEvent.type(quantity, '6');
}

describe('back-office order form', () => {
  it('asks for a client and a whole quantity, and sends nothing', async () => {
    const page = renderPage(<SalesOrderAddPage />, { route: '/dashboard/orders/add', api });
    expect(screen.getByRole('heading', { level: 1, name: 'Nouvelle commande' })).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/^Quantité/));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer la commande' }));
    expect(await screen.findByText(M.clientRequired)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Quantité/)).toHaveAccessibleDescription(M.quantity);
    expect(page.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('prices the order live, then sends it in cents and opens the new order', async () => {
    const page = renderPage(<SalesOrderAddPage />, {
      route: '/dashboard/orders/add?subType=bill',
      api: { ...api, 'POST /sales/orders': [201, { id: 77 }] },
    });
    await fillOrder();
    await userEvent.click(screen.getByRole('button', { name: 'Ajouter une ligne libre' }));
    const free = screen.getByRole('group', { name: 'Ligne 2' });
    await userEvent.type(within(free).getByLabelText(/^Libellé/), 'Transport palette');
    await userEvent.type(within(free).getByLabelText(/^Prix unitaire HT/), '12,5');
    await userEvent.type(screen.getByLabelText(/^Frais de port HT/), '9,9');

    const preview = screen.getByTestId('preview');
    await waitFor(() => expect(within(preview).getByTestId('preview-total-ttc').textContent).toBe(EURO('80,28 €')), { timeout: 5000 });
    expect(within(preview).getByText('Tarif : Caviste')).toBeInTheDocument();
    expect(within(preview).getByText(M.stockInsufficient('Les Galets', 4))).toBeInTheDocument();
    await waitFor(() =>
      expect(page.api.callsTo('POST /sales/orders/preview').at(-1)!.body).toMatchObject({
        clientId: 5,
        shipping: { priceHT: 990 },
        lines: [
          { formatId: 11, quantity: 6 },
          { label: 'Transport palette', unitPriceHT: 1250 },
        ],
      }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer la commande' }));
    await waitFor(() => expect(page.location().pathname).toBe('/dashboard/orders/77'));
    expect(page.api.callsTo('POST /sales/orders')[0].body).toEqual({
      subType: 'order',
      clientId: 5,
      lines: [
        { formatId: 11, label: null, quantity: 6, unitPriceHT: null, vatRate: null, discountPercent: null, free: false },
        { formatId: null, label: 'Transport palette', quantity: 1, unitPriceHT: 1250, vatRate: 20, discountPercent: null, free: false },
      ],
      discount: null,
      shipping: { priceHT: 990 },
      warehouseId: null,
      paymentDelay: null,
      notes: null,
      validUntil: null,
    });
    expect(page.snackbars()).toEqual([{ text: M.created, error: false }]);
  });

  it('shows an api field error under its field', async () => {
    const page = renderPage(<SalesOrderAddPage />, {
      route: '/dashboard/orders/add?subType=quote&clientId=5',
      api: {
        ...api,
        'GET /crm/clients/:id': clients[0],
        'POST /sales/orders': reply(400, { success: false, message: M.stockInsufficient('Les Galets', 4), field: 'lines[0].quantity' }),
      },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Nouveau devis' })).toBeInTheDocument();
    await pick(/^Article du catalogue/, 'Les Galets – 2022 – 75 cl');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer le devis' }));
    await waitFor(() => expect(screen.getByLabelText(/^Quantité/)).toHaveAccessibleDescription(M.stockInsufficient('Les Galets', 4)));
    expect(page.api.callsTo('POST /sales/orders')[0].body).toMatchObject({ subType: 'quote', clientId: 5 });
    expect(page.location().pathname).toBe('/dashboard/orders/add');
  });
});
