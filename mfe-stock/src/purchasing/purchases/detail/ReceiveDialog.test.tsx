import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PurchaseOrderDetail } from 'shared-kernel/contracts';
import { renderPage } from 'shared-kernel/testing';
import PurchaseDetailPage from './PurchaseDetailPage';

const order: PurchaseOrderDetail = {
  id: 5,
  number: 'BC2026-00005',
  status: 'partial',
  supplierId: 3,
  supplierName: 'Maison Lacombe',
  supplierEmail: 'achats@lacombe.test',
  warehouseId: 1,
  warehouseName: 'Chai',
  expectedAt: null,
  totalHTCents: 120 * 650 + 3000,
  createdAt: '2026-03-01T10:00:00.000Z',
  sentAt: '2026-03-02T10:00:00.000Z',
  receivedAt: null,
  cancelledAt: null,
  updatedAt: '2026-03-02T10:00:00.000Z',
  notes: null,
  lines: [
    {
      id: 51,
      position: 0,
      formatId: 11,
      label: 'Fines Bulles Brut — 75 cl',
      quantity: 120,
      receivedQuantity: 60,
      unitCostCents: 650,
      totalHTCents: 78000,
    },
    { id: 52, position: 1, formatId: null, label: 'Transport', quantity: 1, receivedQuantity: 0, unitCostCents: 3000, totalHTCents: 3000 },
  ],
};

const api = {
  'GET /purchases/5': order,
  'GET /purchases/warehouses': [
    { id: 1, name: 'Chai' },
    { id: 2, name: 'Boutique du domaine' },
  ],
};

describe('receive dialog', () => {
  it('proposes what remains per line, refuses more than that, and posts the receipt', async () => {
    const page = renderPage(<PurchaseDetailPage />, {
      route: '/dashboard/purchases/5',
      path: '/dashboard/purchases/:id',
      session: 'owner',
      api: { ...api, 'POST /purchases/5/receive': { ...order, status: 'received', message: 'Réception enregistrée' } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Réceptionner' }));
    const dialog = await screen.findByRole('dialog');
    const bubbles = within(dialog).getByRole('group', { name: 'Fines Bulles Brut — 75 cl' });
    const qty = within(bubbles).getByLabelText(/^Reçu/);
    expect(qty).toHaveValue('60');
    expect(within(dialog).getByRole('group', { name: 'Transport' })).toBeInTheDocument();

    await userEvent.clear(qty);
    await userEvent.type(qty, '61');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer la réception' }));
    await waitFor(() => expect(qty).toHaveAccessibleDescription('La quantité reçue dépasse la quantité restant à recevoir (60)'));
    expect(page.calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.clear(qty);
    await userEvent.type(qty, '50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer la réception' }));
    await waitFor(() => expect(page.calls.find((c) => c.method === 'POST')).toBeDefined());
    expect(page.calls.find((c) => c.method === 'POST')!.body).toEqual({
      receivedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      lines: [
        { lineId: 51, quantity: 50, warehouseId: 1 },
        { lineId: 52, quantity: 1, warehouseId: null },
      ],
    });
  });
});
