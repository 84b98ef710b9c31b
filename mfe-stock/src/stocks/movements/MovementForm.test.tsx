import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paginatedOf, renderPage, reply } from 'shared-kernel/testing';
import { MovementForm } from './MovementForm';
import { movementSchema, toMovementRequest } from './movement.schema';

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
    onHand: 10,
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
    onHand: 5,
    hasMovements: true,
    createdAt: '2025-01-01T00:00:00Z',
  },
];
const base = {
  warehouseId: 1,
  formatId: 7,
  toWarehouseId: null,
  quantity: 3,
  countedQuantity: null,
  occurredAt: '2024-03-01',
  reason: '',
  crdColorId: null,
};
const crdColors = [
  {
    id: 4,
    name: 'Capsule verte AOP',
    color: 'vert',
    type: 'capsule',
    isCRD: true,
    stock: 500,
    archived: false,
    createdAt: '2025-01-01T00:00:00Z',
  },
  {
    id: 5,
    name: 'Capsule neutre',
    color: 'neutre',
    type: 'capsule',
    isCRD: false,
    stock: 80,
    archived: false,
    createdAt: '2025-01-01T00:00:00Z',
  },
];

describe('movement schema', () => {
  it('signs nothing itself: entries and exits send a positive quantity with their kind', () => {
    expect(toMovementRequest(movementSchema.parse({ ...base, kind: 'loss' }))).toMatchObject({ kind: 'loss', quantity: 3, warehouseId: 1 });
    expect(toMovementRequest(movementSchema.parse({ ...base, kind: 'production' }))).toMatchObject({ kind: 'production', quantity: 3 });
  });
  it('sends the CRD colour of a bottling entry only', () => {
    expect(toMovementRequest(movementSchema.parse({ ...base, kind: 'production', crdColorId: 4 }))).toMatchObject({ crdColorId: 4 });
    expect(toMovementRequest(movementSchema.parse({ ...base, kind: 'sale', crdColorId: 4 }))).not.toHaveProperty('crdColorId');
  });
  it('refuses a transfer to the same warehouse on the destination field', () => {
    const r = movementSchema.safeParse({ ...base, kind: 'transfer', toWarehouseId: 1 });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]).toMatchObject({
      path: ['toWarehouseId'],
      message: "L'entrepôt de destination doit être différent de l'entrepôt de départ",
    });
    expect(toMovementRequest(movementSchema.parse({ ...base, kind: 'transfer', toWarehouseId: 2 }))).toMatchObject({
      kind: 'transfer',
      fromWarehouseId: 1,
      toWarehouseId: 2,
    });
  });
  it('sends the counted quantity of an inventory, zero allowed, and refuses a zero or negative quantity elsewhere', () => {
    expect(toMovementRequest(movementSchema.parse({ ...base, kind: 'inventory', quantity: null, countedQuantity: 0 }))).toMatchObject({
      kind: 'inventory',
      countedQuantity: 0,
    });
    const zero = movementSchema.safeParse({ ...base, kind: 'sale', quantity: 0 });
    expect(zero.error!.issues[0]).toMatchObject({ path: ['quantity'], message: 'La quantité doit être un nombre entier supérieur à 0' });
    const future = movementSchema.safeParse({ ...base, kind: 'sale', occurredAt: '2999-01-01' });
    expect(future.error!.issues[0].path).toEqual(['occurredAt']);
  });
});

describe('MovementForm', () => {
  it('shows the inventory field for an inventory and the api error under its field', async () => {
    const page = renderPage(<MovementForm formatId={7} />, {
      route: '/dashboard/stocks/add',
      session: 'owner',
      api: {
        'GET /stock/warehouses': (req) => paginatedOf(warehouses, req.query),
        'GET /stock/format-options': () => [{ value: 7, label: 'Les Terrasses – 2022 – 75 cl' }],
        'GET /excise/crd-colors': (req) => paginatedOf(crdColors, req.query),
        'POST /stock/movements': () =>
          reply(400, {
            success: false,
            message: 'La quantité comptée est égale au stock actuel : aucun mouvement à enregistrer',
            field: 'countedQuantity',
          }),
      },
    });
    await screen.findByText('Les Terrasses – 2022 – 75 cl');
    await userEvent.click(screen.getByRole('combobox', { name: /Type de mouvement/ }));
    await userEvent.click(await screen.findByTitle('Inventaire'));
    await userEvent.click(screen.getByRole('combobox', { name: /^Entrepôt/ }));
    await userEvent.click(await screen.findByTitle('Chai'));
    await userEvent.type(screen.getByLabelText(/Quantité comptée/), '4');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('La quantité comptée est égale au stock actuel : aucun mouvement à enregistrer')).toBeInTheDocument();
    await waitFor(() =>
      expect(page.calls.find((c) => c.method === 'POST')?.body).toMatchObject({
        kind: 'inventory',
        warehouseId: 1,
        formatId: 7,
        countedQuantity: 4,
      }),
    );
  });

  it('offers the CRD capsules (CRD ones only, with their stock) for a bottling entry and sends the chosen colour', async () => {
    const page = renderPage(<MovementForm formatId={7} />, {
      route: '/dashboard/stocks/add',
      session: 'owner',
      api: {
        'GET /stock/warehouses': (req) => paginatedOf(warehouses, req.query),
        'GET /stock/format-options': () => [{ value: 7, label: 'Les Terrasses – 2022 – 75 cl' }],
        'GET /excise/crd-colors': (req) => paginatedOf(crdColors, req.query),
        'POST /stock/movements': () => ({ message: 'Mouvement enregistré', movements: [] }),
      },
    });
    await screen.findByText('Les Terrasses – 2022 – 75 cl');
    await userEvent.click(screen.getByRole('combobox', { name: /^Entrepôt/ }));
    await userEvent.click(await screen.findByTitle('Chai'));
    await userEvent.type(screen.getByLabelText(/Quantité \(unités\)/), '60');
    await userEvent.click(screen.getByRole('combobox', { name: /Capsules CRD/ }));
    expect(screen.queryByTitle(/Capsule neutre/)).toBeNull();
    await userEvent.click(await screen.findByTitle('Capsule verte AOP · 500 en stock'));
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() =>
      expect(page.calls.find((c) => c.method === 'POST')?.body).toMatchObject({ kind: 'production', quantity: 60, crdColorId: 4 }),
    );
  });
});
