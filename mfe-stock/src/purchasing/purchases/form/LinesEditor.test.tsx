import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paginatedOf, renderPage } from 'shared-kernel/testing';
import PurchaseAddPage from './PurchaseAddPage';

const suppliers = [{ id: 3, company: 'Verrerie du Sud', status: 'active' }];
const api = {
  'GET /suppliers': (req: { query: Record<string, string> }) => paginatedOf(suppliers, req.query),
  'GET /purchases/warehouses': [{ id: 1, name: 'Chai' }],
  'GET /purchases/formats': [{ id: 11, label: 'Les Galets Rouges — 75 cl', costCents: 450 }],
};

/** '66,00 €' whatever the no-break space. */
const money = (el: HTMLElement) => el.textContent!.replace(/\s/g, ' ');

describe('purchase order lines editor', () => {
  it('computes the line totals and the total HT live, as lines are added and removed', async () => {
    const page = renderPage(<PurchaseAddPage />, { route: '/dashboard/purchases/add?supplierId=3', session: 'owner', api });
    const line1 = screen.getByRole('group', { name: 'Lignes' });
    await userEvent.type(within(line1).getAllByLabelText(/^Libellé/)[0], 'Bouchons liège');
    await userEvent.type(within(line1).getAllByLabelText(/^Quantité/)[0], '12');
    await userEvent.type(within(line1).getAllByLabelText(/^Coût unitaire HT/)[0], '5,5');
    await waitFor(() => expect(money(screen.getByTestId('line-total-0'))).toBe('66,00 €'));
    expect(money(screen.getByTestId('purchase-total'))).toBe('66,00 €');

    await userEvent.click(screen.getByRole('button', { name: 'Ajouter une ligne' }));
    await userEvent.type(screen.getAllByLabelText(/^Libellé/)[1], 'Cartons');
    await userEvent.type(screen.getAllByLabelText(/^Quantité/)[1], '10');
    await userEvent.type(screen.getAllByLabelText(/^Coût unitaire HT/)[1], '0,85');
    await waitFor(() => expect(money(screen.getByTestId('purchase-total'))).toBe('74,50 €'));
    expect(money(screen.getByTestId('line-total-1'))).toBe('8,50 €');

    await userEvent.click(screen.getByRole('button', { name: 'Retirer la ligne 1' }));
    await waitFor(() => expect(money(screen.getByTestId('purchase-total'))).toBe('8,50 €'));
    expect(page.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('sends the lines in integer cents', async () => {
    const page = renderPage(<PurchaseAddPage />, {
      route: '/dashboard/purchases/add?supplierId=3',
      session: 'owner',
      api: { ...api, 'POST /purchases': [201, { id: 9, number: 'BC2026-00009', message: 'ok' }], 'GET /purchases/9': { id: 9 } },
    });
    await userEvent.type(screen.getByLabelText(/^Libellé/), 'Capsules');
    await userEvent.type(screen.getByLabelText(/^Quantité/), '2000');
    await userEvent.type(screen.getByLabelText(/^Coût unitaire HT/), '0,09');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(page.calls.find((c) => c.method === 'POST')).toBeDefined());
    expect(page.calls.find((c) => c.method === 'POST')!.body).toEqual({
      supplierId: 3,
      warehouseId: null,
      expectedAt: null,
      notes: null,
      lines: [{ formatId: null, label: 'Capsules', quantity: 2000, unitCostCents: 9 }],
    });
  });
});
