import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SALES_MESSAGES as M, type SalesOrderPreview } from 'shared-kernel/contracts';
import { DEMO_IAM_AUTHORIZATIONS, iamWith, paginatedOf, renderPage, reply, type ApiRequest } from 'shared-kernel/testing';
import { salesOrder } from '../../sales.fixtures';
import { EURO, line } from '../orders.fixtures';
import SalesOrderAddPage from './SalesOrderAddPage';
import { SalesOrderForm } from './SalesOrderForm';

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
        { formatId: 11, vintageId: null, label: null, quantity: 6, unitPriceHT: null, vatRate: null, discountPercent: null, free: false },
        {
          formatId: null,
          vintageId: null,
          label: 'Transport palette',
          quantity: 1,
          unitPriceHT: 1250,
          vatRate: 20,
          discountPercent: null,
          free: false,
        },
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

  it('lets the owner pick the warehouse the order ships from', async () => {
    const page = renderPage(<SalesOrderAddPage />, { route: '/dashboard/orders/add', api });
    await pick(/^Entrepôt/, 'Chai');
    expect(page.api.callsTo('GET /stock/warehouses')).toHaveLength(1);
  });

  it('lets a collaborator who reads the stock pick the warehouse too', async () => {
    const session = iamWith({ ...DEMO_IAM_AUTHORIZATIONS, seeAllStock: true });
    const page = renderPage(<SalesOrderAddPage />, { route: '/dashboard/orders/add', session, api });
    await pick(/^Entrepôt/, 'Chai');
    expect(page.api.callsTo('GET /stock/warehouses')).toHaveLength(1);
  });

  it('does not ask a collaborator without the stock rights for the warehouses (the default one ships)', async () => {
    const page = renderPage(<SalesOrderAddPage />, { route: '/dashboard/orders/add', session: 'iam', api });
    expect(screen.getByLabelText(/^Délai de paiement/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Entrepôt/)).not.toBeInTheDocument();
    expect(page.api.callsTo('GET /stock/warehouses')).toHaveLength(0);
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

/** The agent's producer's articles as the api lists them: with their vintages, priced when a client is named. */
const GALETS = { value: 1, label: 'Les Galets Rouges – Bouteille 75 cl', productId: 1, vintageId: null };
const agentApi = {
  'GET /crm/clients': (req: ApiRequest) => paginatedOf(clients, req.query),
  'GET /stock/format-options': (req: ApiRequest) =>
    [
      {
        ...GALETS,
        vintages: [
          { id: 3, name: '2022' },
          { id: 4, name: '2021' },
        ],
        priceHT: 833,
      },
      {
        value: 6,
        label: 'Clos du Moulin – Bouteille 75 cl',
        productId: 5,
        vintageId: null,
        vintages: [{ id: 8, name: '2021' }],
        priceHT: null,
      },
    ].map(({ priceHT, ...o }) => (req.query.clientId === '5' ? { ...o, priceHT } : o)),
  'POST /sales/orders/preview': PREVIEW,
};

describe('back-office order form of a sales agent', () => {
  it("lists their producer's articles at the chosen client's tariff, and does not ask for the warehouses", async () => {
    const page = renderPage(<SalesOrderAddPage />, { route: '/dashboard/orders/add', session: 'agent', api: agentApi });
    await userEvent.click(screen.getByRole('combobox', { name: /^Article du catalogue/ }));
    // no client yet: the articles, without a price
    expect(await screen.findByTitle('Les Galets Rouges – Bouteille 75 cl')).toBeInTheDocument();
    expect(screen.getByTitle('Les Galets Rouges – Bouteille 75 cl')).not.toHaveTextContent(/€/);

    await pick(/^Client/, 'Cave Dupont');
    await userEvent.click(screen.getByRole('combobox', { name: /^Article du catalogue/ }));
    const galets = await screen.findByTitle('Les Galets Rouges – Bouteille 75 cl');
    await waitFor(() => expect(galets).toHaveTextContent(/8,33\s€\sHT/));
    expect(screen.getByTitle('Clos du Moulin – Bouteille 75 cl')).toHaveTextContent('Pas de tarif pour ce client');
    expect(page.api.callsTo('GET /stock/format-options').at(-1)!.query).toMatchObject({ clientId: '5' });

    expect(screen.queryByLabelText(/^Entrepôt/)).not.toBeInTheDocument();
    expect(page.api.callsTo('GET /stock/warehouses')).toHaveLength(0);
  });

  it('offers the vintage of an article that has several, and sends the one chosen', async () => {
    const page = renderPage(<SalesOrderAddPage />, {
      route: '/dashboard/orders/add',
      session: 'agent',
      api: { ...agentApi, 'POST /sales/orders': [201, { id: 78 }] },
    });
    await pick(/^Client/, 'Cave Dupont');
    // an article of one vintage: nothing to choose
    await pick(/^Article du catalogue/, 'Clos du Moulin – Bouteille 75 cl');
    expect(screen.queryByRole('combobox', { name: /^Millésime/ })).not.toBeInTheDocument();

    await pick(/^Article du catalogue/, 'Les Galets Rouges – Bouteille 75 cl');
    expect(await screen.findByRole('combobox', { name: /^Millésime/ })).toBeInTheDocument();
    // the first vintage is shown, not taken silently
    expect(within(screen.getByRole('group', { name: 'Ligne 1' })).getByTitle('2022')).toBeInTheDocument();
    await pick(/^Millésime/, '2021');
    await waitFor(() =>
      expect(page.api.callsTo('POST /sales/orders/preview').at(-1)!.body).toMatchObject({ lines: [{ formatId: 1, vintageId: 4 }] }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer la commande' }));
    await waitFor(() => expect(page.location().pathname).toBe('/dashboard/orders/78'));
    expect(page.api.callsTo('POST /sales/orders')[0].body).toMatchObject({
      subType: 'order',
      clientId: 5,
      lines: [{ formatId: 1, vintageId: 4, quantity: 1 }],
      warehouseId: null,
    });
  });

  it('edits a saved line in the vintage it was taken in', async () => {
    // saved before lines named their vintage: the order's line says which one the api took
    const order = salesOrder(
      { input: { subType: 'order', clientId: 5, lines: [{ formatId: 1, quantity: 6 }] } },
      {
        id: 42,
        status: 'draft',
        lines: [line({ id: 1, formatId: 1, vintageId: 4, label: 'Les Galets Rouges', details: '2021 · 75 cl', quantity: 6 })],
      },
    );
    const onDone = jest.fn();
    const page = renderPage(<SalesOrderForm order={order} onDone={onDone} />, {
      route: '/dashboard/orders/42',
      session: 'agent',
      api: { ...agentApi, 'GET /crm/clients/:id': clients[0], 'PUT /sales/orders/:id': order, 'GET /orders/:id': order },
    });
    expect(await screen.findByRole('combobox', { name: /^Millésime/ })).toBeInTheDocument();
    expect(page.api.callsTo('GET /stock/format-options').some((c) => c.query.formatId === '1')).toBe(true);
    expect(within(screen.getByRole('group', { name: 'Ligne 1' })).getByTitle('2021')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(page.api.callsTo('PUT /sales/orders/:id')[0].body).toMatchObject({ lines: [{ formatId: 1, vintageId: 4, quantity: 6 }] });
  });
});
