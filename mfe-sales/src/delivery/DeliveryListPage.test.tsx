import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SALES_MESSAGES as M, type DeliveryItem } from 'shared-kernel/contracts';
import { type ApiRequest, captureDownloads, dialogTitled, paginatedOf, renderPage, reply } from 'shared-kernel/testing';
import { deliveryItem } from '../sales.fixtures';
import { DELIVERY_COLUMN_WIDTHS, DELIVERY_TABLE_MIN_WIDTH, deliveryCsvColumns } from './columns';
import DeliveryListPage from './DeliveryListPage';

const ROUTE = '/dashboard/delivery';
const serve = (rows: DeliveryItem[]) => (req: ApiRequest) => paginatedOf(rows, req.query);

const TO_SHIP = deliveryItem({ orderId: 42 });
const IN_TRANSIT = deliveryItem({
  orderId: 43,
  deliveryStatus: 'transit',
  client: { id: 6, name: 'Bistrot du Port' },
  city: null,
  bottles: 6,
  packages: 1,
  carrier: 'Colissimo',
  trackingNumber: '6A123',
  shippedAt: '2026-03-04T10:00:00',
});

describe('deliveries', () => {
  it('lists the orders to ship, oldest first, with their packages, status, carrier and actions', async () => {
    const page = renderPage(<DeliveryListPage />, { route: ROUTE, api: { 'GET /sales/deliveries': serve([TO_SHIP, IN_TRANSIT]) } });
    const [first, second] = (await screen.findAllByTestId('resource-row')).map((r) => within(r));
    expect(page.calls[0].query).toEqual({ page: '1', pageSize: '20', sort: 'createdAt' });

    expect(first.getByRole('link', { name: 'C-2026-0042' })).toHaveAttribute('href', '/dashboard/orders/42');
    expect(first.getByText('02/03/2026')).toBeInTheDocument();
    expect(first.getByText('Cave Dupont')).toBeInTheDocument();
    expect(first.getByText('Beaune')).toBeInTheDocument();
    expect(first.getByTestId('delivery-packages')).toHaveTextContent('18 bouteilles2 colis');
    expect(first.getByText('Chai')).toBeInTheDocument();
    expect(first.getByTestId('delivery-status')).toHaveTextContent('En attente');
    expect(first.getByRole('button', { name: 'Bon de livraison' })).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Expédier' })).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Marquer livrée' })).toBeInTheDocument();

    expect(second.getByTestId('delivery-status')).toHaveTextContent('En transit');
    expect(second.getByText('Colissimo · 6A123')).toBeInTheDocument();
    expect(second.getByText('expédiée le 04/03/2026')).toBeInTheDocument();
    expect(second.getByTestId('delivery-packages')).toHaveTextContent('6 bouteilles1 colis');
    // in transit: it can be marked delivered, not shipped again
    expect(second.queryByRole('button', { name: 'Expédier' })).not.toBeInTheDocument();
    expect(second.getByRole('button', { name: 'Marquer livrée' })).toBeInTheDocument();
  });

  it('shows the bottles and packages the api counted (the demo order C2026-00016: 48 bottles, 4 packages)', async () => {
    const demo = deliveryItem({ orderId: 16, number: 'C2026-00016', bottles: 48, packages: 4 });
    const one = deliveryItem({ orderId: 17, number: 'C2026-00017', bottles: 1, packages: 1 });
    const none = deliveryItem({ orderId: 18, number: 'C2026-00018', bottles: 0, packages: 0 });
    renderPage(<DeliveryListPage />, { route: ROUTE, api: { 'GET /sales/deliveries': serve([demo, one, none]) } });
    const rows = await screen.findAllByTestId('resource-row');
    expect(rows.map((r) => within(r).getByTestId('delivery-packages').textContent)).toEqual([
      '48 bouteilles4 colis',
      '1 bouteille1 colis',
      '0 bouteille0 colis',
    ]);
    // the CSV keeps one value a column
    const csv = deliveryCsvColumns.map((c) => [c.title, c.value(demo)]);
    expect(csv).toEqual(
      expect.arrayContaining([
        ['Bouteilles', 48],
        ['Colis', 4],
        ['Transporteur', ''],
      ]),
    );
  });

  it('every column fits at 1366 px: the minimum width stays under the content width, the actions pinned right', async () => {
    // 1366 − a 17 px scrollbar − the 181 px sidebar − 2 × 16 px (main area) − 2 × 16 px (page): the table's room
    const room1366 = 1366 - 17 - 181 - 32 - 32;
    // the narrowest desktop layout (1281 px) keeps the full sidebar too
    const room1281 = 1281 - 17 - 181 - 32 - 32;
    expect(DELIVERY_TABLE_MIN_WIDTH).toBeLessThanOrEqual(room1281);
    expect(room1281).toBeLessThan(room1366);
    // the fixed widths leave the three text columns (client, city, warehouse) 100 px each at least
    const fixed = Object.values(DELIVERY_COLUMN_WIDTHS).reduce((a, b) => a + b, 0);
    expect(DELIVERY_TABLE_MIN_WIDTH - fixed).toBeGreaterThanOrEqual(3 * 100);

    renderPage(<DeliveryListPage />, { route: ROUTE, api: { 'GET /sales/deliveries': serve([TO_SHIP]) } });
    const row = await screen.findByTestId('resource-row');
    const table = row.closest('table')!;
    // antd sets scroll.x as the table's width: no wider than the room at 1366 px (and 1281 px)
    expect(parseInt(table.style.width, 10)).toBe(DELIVERY_TABLE_MIN_WIDTH);
    expect(parseInt(table.style.width, 10)).toBeLessThanOrEqual(room1366);
    const headers = within(table).getAllByRole('columnheader');
    // the first column selects rows for printing UPS labels (the demo shop has the UPS module on)
    expect(headers.map((h) => h.textContent)).toEqual(['', 'N°', 'Date', 'Client', 'Ville', 'Colis', 'Entrepôt', 'Livraison', 'Actions']);
    // the actions column is pinned to the right edge (a narrower screen scrolls the others under it)
    const actions = headers.at(-1)!;
    expect(actions.className).toMatch(/ant-table-cell-fix-(right|end)/);
    const cells = within(row).getAllByRole('cell');
    expect(cells.at(-1)!.className).toMatch(/ant-table-cell-fix-(right|end)/);
    expect(within(cells.at(-1)!).getByRole('group', { name: 'Actions de la commande C-2026-0042' })).toBeInTheDocument();
    // the widths of the short columns (colgroup), the text columns share the rest
    const widths = [...table.querySelectorAll('colgroup col')].map((c) => (c as HTMLElement).style.width);
    expect(widths.slice(1)).toEqual(['124px', '112px', '', '', '128px', '', '180px', '156px']);
  });

  it('filters by delivery status from the toolbar (deliveryStatus, a comma list)', async () => {
    const page = renderPage(<DeliveryListPage />, { route: ROUTE, api: { 'GET /sales/deliveries': serve([TO_SHIP]) } });
    await screen.findByTestId('resource-row');
    const filter = screen.getByRole('radiogroup', { name: 'Statut de livraison' });
    expect(within(filter).getByRole('radio', { name: 'En cours' })).toBeChecked();

    await userEvent.click(within(filter).getByText('À expédier'));
    await waitFor(() =>
      expect(page.api.callsTo('GET /sales/deliveries').at(-1)!.query).toEqual({
        page: '1',
        pageSize: '20',
        sort: 'createdAt',
        deliveryStatus: 'pending,preparation,pendingPickup',
      }),
    );
    expect(new URLSearchParams(page.location().search).get('deliveryStatus')).toBe('pending,preparation,pendingPickup');

    await userEvent.click(within(filter).getByText('Incidents'));
    await waitFor(() =>
      expect(page.api.callsTo('GET /sales/deliveries').at(-1)!.query.deliveryStatus).toBe('exception,error,returned,partiallyReturned'),
    );
    await userEvent.click(within(filter).getByText('En cours'));
    await waitFor(() => expect(page.api.callsTo('GET /sales/deliveries').at(-1)!.query).not.toHaveProperty('deliveryStatus'));
    expect(page.location().search).toBe('');
  });

  it('ships an order: carrier and tracking number posted to its ship action, the message shown, the list refetched', async () => {
    let shipped = false;
    const page = renderPage(<DeliveryListPage />, {
      route: ROUTE,
      api: {
        'GET /sales/deliveries': () =>
          paginatedOf([shipped ? { ...TO_SHIP, deliveryStatus: 'transit', carrier: 'Chronopost', trackingNumber: 'XY789' } : TO_SHIP], {
            page: '1',
            pageSize: '20',
          }),
        'POST /sales/orders/:id/actions/ship': () => {
          shipped = true;
          return { success: true, message: M.actionDone.ship, document: null };
        },
      },
    });
    const row = within(await screen.findByTestId('resource-row'));
    await userEvent.click(row.getByRole('button', { name: 'Expédier' }));
    const dialog = await dialogTitled('Expédier la commande C-2026-0042');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Transporteur' }), 'Chronopost');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Numéro de suivi' }), ' XY789 ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Expédier' }));

    await waitFor(() => expect(page.snackbars()).toEqual([{ text: M.actionDone.ship, error: false }]));
    expect(page.api.callsTo('POST /sales/orders/:id/actions/ship')).toHaveLength(1);
    expect(page.api.callsTo('POST /sales/orders/:id/actions/ship')[0]).toMatchObject({
      path: '/sales/orders/42/actions/ship',
      body: { carrier: 'Chronopost', trackingNumber: 'XY789' },
    });
    await waitFor(() => expect(page.api.callsTo('GET /sales/deliveries')).toHaveLength(2));
    expect(await screen.findByText('Chronopost · XY789')).toBeInTheDocument();
    expect(screen.queryByText('Expédier la commande C-2026-0042')).not.toBeInTheDocument();
  });

  it("shows the api's refusal as an error snackbar", async () => {
    const refusal = 'Action « Expédier » impossible : la commande est « Annulée »';
    const page = renderPage(<DeliveryListPage />, {
      route: ROUTE,
      api: {
        'GET /sales/deliveries': serve([TO_SHIP]),
        'POST /sales/orders/:id/actions/ship': reply(409, { success: false, message: refusal }),
      },
    });
    await userEvent.click(within(await screen.findByTestId('resource-row')).getByRole('button', { name: 'Expédier' }));
    const dialog = await dialogTitled('Expédier la commande C-2026-0042');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Expédier' }));
    await waitFor(() => expect(page.snackbars()).toEqual([{ text: refusal, error: true }]));
  });

  it('downloads the delivery note; the empty state', async () => {
    const downloads = captureDownloads();
    try {
      const page = renderPage(<DeliveryListPage />, { route: ROUTE, api: { 'GET /sales/deliveries': serve([TO_SHIP]) } });
      await userEvent.click(within(await screen.findByTestId('resource-row')).getByRole('button', { name: 'Bon de livraison' }));
      await waitFor(() => expect(downloads.saved).toHaveLength(1));
      expect(downloads.saved[0].url).toMatch(/\/v1\/sales\/orders\/42\/delivery-note\.pdf$/);
      expect(downloads.saved[0].filename).toBe('bon-de-livraison-C-2026-0042.pdf');
      page.unmount();
    } finally {
      downloads.restore();
    }
    renderPage(<DeliveryListPage />, { route: ROUTE, api: { 'GET /sales/deliveries': serve([]) } });
    expect(await screen.findByText('Aucune commande à expédier pour le moment')).toBeInTheDocument();
  });
});
